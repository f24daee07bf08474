/**
 * Questions over the one-by-one clip (camera `table`, 2026-01-05 09:00:00 UTC): six people come to
 * a standing table one at a time. The visits are read off the frames (as dev.json's truth).
 */
import { arrivals, byArrival, countAt, departures, extreme, heldFor, nth, present, QuestionSet, secs, starts, type Track, type Visit } from './truth.js';

const S = Date.parse('2026-01-05T09:00:00Z');
/** Wall time of the clip's day. */
const T = (hms: string): number => Date.parse(`2026-01-05T${hms}Z`);
/** End of coverage: the last frame the replay keeps (2 fps of a 139.4 s clip). */
const NOW = S + 139_000;
const END = NOW + 1;
const VISITS: Visit[] = [
  [6.0, 19.7],
  [22.8, 44.8],
  [50.0, 69.7],
  [74.4, 86.8],
  [92.0, 119.7],
  [123.4, 135.8],
].map(([a, d]) => ({ a: S + a! * 1000, d: S + d! * 1000 }));

/** The clip as the question files describe it. */
export const TABLE_CLIP = {
  file: 'videos/one-by-one-person-detection.mp4',
  camera: 'table',
  start: '2026-01-05T09:00:00Z',
  truth:
    'Six people come to the table one at a time, never two at once (seconds from the start): P1 6.0-19.7, P2 22.8-44.8, P3 50.0-69.7, P4 74.4-86.8, P5 92.0-119.7 (longest), P6 123.4-135.8. The clip ends at 139.4 s; the replay covers 09:00:00-09:02:19 ("now").',
};

/** The table questions. */
export function tableQuestions(): QuestionSet['questions'] {
  const s = new QuestionSet({ table: { visits: VISITS, events: [] } }, { shift: 1500, shrink: 500 });
  const tb = (w: Record<string, Track>): Track => w.table!;
  const all = (w: Record<string, Track>): Visit[] => byArrival(tb(w).visits);
  const at = (w: Record<string, Track>, t: number): Visit => tb(w).visits.find((v) => v.a - 3000 <= t && t <= v.d + 3000)!;
  const empty = (n: number): boolean => n === 0;
  const some = (n: number): boolean => n > 0;

  // count.visits
  s.ask('how many visitors did the table get in total?', 'count.visits', 'number', (w) => arrivals(tb(w), S, END).length);
  s.ask('how many people came to the table between 09:00:30 and 09:01:30?', 'count.visits', 'number', (w) => arrivals(tb(w), T('09:00:30'), T('09:01:30')).length);
  s.ask('number of arrivals after 09:01', 'count.visits', 'number', (w) => arrivals(tb(w), T('09:01:00'), END).length);
  s.ask('how many people showed up in the first minute?', 'count.visits', 'number', (w) => arrivals(tb(w), S, T('09:01:00')).length);
  s.ask('how many times did someone walk up to the table in the last minute?', 'count.visits', 'number', (w) => arrivals(tb(w), NOW - 60_000, END).length);
  s.ask('in the last 30 seconds, how many new people turned up?', 'count.visits', 'number', (w) => arrivals(tb(w), NOW - 30_000, END).length);
  s.ask('how many visits did the table have before 09:01:20', 'count.visits', 'number', (w) => arrivals(tb(w), S, T('09:01:20')).length);
  s.ask('count the people who came between 09:00:10 and 09:01:00', 'count.visits', 'number', (w) => arrivals(tb(w), T('09:00:10'), T('09:01:00')).length);
  s.ask('how many workers came over to the table after 09:01:40?', 'count.visits', 'number', (w) => arrivals(tb(w), T('09:01:40'), END).length);
  // count.present
  s.ask('how many people were at the table between 09:00:30 and 09:01:00?', 'count.present', 'number', (w) => present(tb(w), T('09:00:30'), T('09:01:00')).length);
  s.ask('how many people did the camera see in the last minute?', 'count.present', 'number', (w) => present(tb(w), NOW - 60_000, END).length);
  s.ask('how many people were around during the last 30 seconds?', 'count.present', 'number', (w) => present(tb(w), NOW - 30_000, END).length);
  s.ask('how many people were in the picture between 09:01:40 and 09:02:00?', 'count.present', 'number', (w) => present(tb(w), T('09:01:40'), T('09:02:00')).length);
  s.ask('between 09:00:15 and 09:00:25, how many people were at the table?', 'count.present', 'number', (w) => present(tb(w), T('09:00:15'), T('09:00:25')).length);
  // count.departures
  s.ask('how many people had left by 09:01:30?', 'count.departures', 'number', (w) => departures(tb(w), S, T('09:01:30')).length);
  s.ask('how many people left the table after 09:01?', 'count.departures', 'number', (w) => departures(tb(w), T('09:01:00'), END).length);
  s.ask('how many departures were there in the last minute?', 'count.departures', 'number', (w) => departures(tb(w), NOW - 60_000, END).length);
  s.ask('how many visitors walked away between 09:00:30 and 09:01:15?', 'count.departures', 'number', (w) => departures(tb(w), T('09:00:30'), T('09:01:15')).length);
  // count.identities
  s.ask('how many distinct people came to the table?', 'count.identities', 'number', (w) => all(w).length);
  s.ask('how many different individuals were in the picture?', 'count.identities', 'number', (w) => all(w).length);
  s.ask('how many unique visitors did the table have before 09:01?', 'count.identities', 'number', (w) => present(tb(w), S, T('09:01:00')).length);
  // count.where
  s.ask('how many people stayed longer than 16 seconds?', 'count.where', 'number', (w) => all(w).filter((v) => secs(v) > 16).length);
  s.ask('how many visits were shorter than 16 s?', 'count.where', 'number', (w) => all(w).filter((v) => secs(v) < 16).length);
  s.ask('how many people stayed more than half a minute?', 'count.where', 'number', (w) => all(w).filter((v) => secs(v) > 30).length);
  s.ask('of the people who came after 09:00:30, how many were there for more than 17 seconds?', 'count.where', 'number', (w) => arrivals(tb(w), T('09:00:30'), END).filter((v) => secs(v) > 17).length);
  // whether.visit (comparison with a duration)
  s.ask('did anyone stay at the table more than 25 seconds?', 'whether.visit', 'boolean', (w) => all(w).some((v) => secs(v) > 25));
  s.ask('did anybody linger for more than a minute?', 'whether.visit', 'boolean', (w) => all(w).some((v) => secs(v) > 60));
  s.ask('were there any visits shorter than 10 seconds?', 'whether.visit', 'boolean', (w) => all(w).some((v) => secs(v) < 10));
  s.ask('did someone come to the table after 09:02:10?', 'whether.visit', 'boolean', (w) => arrivals(tb(w), T('09:02:10'), END).length > 0);
  // countAt
  s.ask('how many people are at the table right now?', 'countAt', 'number', (w) => countAt(tb(w), NOW));
  s.ask('how many people were at the table at 09:00:10?', 'countAt', 'number', (w) => countAt(tb(w), T('09:00:10')));
  s.ask('how many people were in the picture at 09:01:12?', 'countAt', 'number', (w) => countAt(tb(w), T('09:01:12')));
  s.ask('headcount at 09:01:45?', 'countAt', 'number', (w) => countAt(tb(w), T('09:01:45')));
  s.ask('how many people were standing at the table when the recording started?', 'countAt', 'number', (w) => countAt(tb(w), S));
  // extreme
  s.ask('what was the largest number of people at the table at the same time?', 'extreme.max', 'number', (w) => extreme(tb(w), S, END, 'max'));
  s.ask('most people at once between 09:01:00 and 09:02:00', 'extreme.max', 'number', (w) => extreme(tb(w), T('09:01:00'), T('09:02:00'), 'max'));
  s.ask("what's the fewest people that were at the table at once?", 'extreme.min', 'number', (w) => extreme(tb(w), S, END, 'min'));
  s.ask('what was the minimum headcount between 09:00:25 and 09:00:40?', 'extreme.min', 'number', (w) => extreme(tb(w), T('09:00:25'), T('09:00:40'), 'min'));
  s.ask('lowest number of people in the picture between 09:01:35 and 09:01:55', 'extreme.min', 'number', (w) => extreme(tb(w), T('09:01:35'), T('09:01:55'), 'min'));
  // whether.instant
  s.ask('is anyone at the table now?', 'whether.instant', 'boolean', (w) => countAt(tb(w), NOW) > 0);
  s.ask('is there a person in the picture right now?', 'whether.instant', 'boolean', (w) => countAt(tb(w), NOW) > 0);
  s.ask('was someone at the table at 09:00:35?', 'whether.instant', 'boolean', (w) => countAt(tb(w), T('09:00:35')) > 0);
  s.ask('was the table empty at 09:01:12?', 'whether.instant', 'boolean', (w) => countAt(tb(w), T('09:01:12')) === 0);
  s.ask('was the table free at 09:02:10?', 'whether.instant', 'boolean', (w) => countAt(tb(w), T('09:02:10')) === 0);
  s.ask('at 09:00:03 was anybody there?', 'whether.instant', 'boolean', (w) => countAt(tb(w), T('09:00:03')) > 0);
  s.ask('was exactly one person at the table at 09:01:20?', 'whether.instant', 'boolean', (w) => countAt(tb(w), T('09:01:20')) === 1);
  s.ask('were there fewer than 2 people at the table at 09:01:50?', 'whether.instant', 'boolean', (w) => countAt(tb(w), T('09:01:50')) < 2);
  // whether.window
  s.ask('was anyone at the table between 09:01:00 and 09:01:10?', 'whether.window', 'boolean', (w) => present(tb(w), T('09:01:00'), T('09:01:10')).length > 0);
  s.ask('was the table empty at any point between 09:00:40 and 09:00:55?', 'whether.window', 'boolean', (w) => extreme(tb(w), T('09:00:40'), T('09:00:55'), 'min') === 0);
  s.ask('was the table ever empty between 09:01:35 and 09:01:55?', 'whether.window', 'boolean', (w) => extreme(tb(w), T('09:01:35'), T('09:01:55'), 'min') === 0);
  s.ask('was the table occupied the whole time between 09:01:35 and 09:01:55?', 'whether.window', 'boolean', (w) => extreme(tb(w), T('09:01:35'), T('09:01:55'), 'min') > 0);
  s.ask('was someone at the table the entire time from 09:00:25 to 09:00:50?', 'whether.window', 'boolean', (w) => extreme(tb(w), T('09:00:25'), T('09:00:50'), 'min') > 0);
  // whether.ever
  s.ask('did three people ever stand at the table together?', 'whether.ever', 'boolean', (w) => extreme(tb(w), S, END, 'max') >= 3);
  s.ask('was there ever more than one person at the table?', 'whether.ever', 'boolean', (w) => extreme(tb(w), S, END, 'max') > 1);
  s.ask('has the table ever been empty?', 'whether.ever', 'boolean', (w) => extreme(tb(w), S, END, 'min') === 0);
  s.ask('was there a moment with nobody at the table after 09:01:35?', 'whether.window', 'boolean', (w) => extreme(tb(w), T('09:01:35'), END, 'min') === 0);
  // when: arrivals and departures by ordinal
  s.ask('when did the first person show up?', 'when.nth.arrival', 'time', (w) => nth(all(w), 1).a);
  s.ask('at what time did the third visitor come?', 'when.nth.arrival', 'time', (w) => nth(all(w), 3).a);
  s.ask('what time did the sixth person get to the table?', 'when.nth.arrival', 'time', (w) => nth(all(w), 6).a);
  s.ask('when did the last person arrive?', 'when.nth.arrival', 'time', (w) => nth(all(w), -1).a);
  s.ask('when did the second-to-last visitor arrive?', 'when.nth.arrival', 'time', (w) => nth(all(w), -2).a);
  s.ask('when did the second person leave the table?', 'when.nth.departure', 'time', (w) => nth(all(w), 2).d);
  s.ask('what time did the last visitor go?', 'when.nth.departure', 'time', (w) => nth(all(w), -1).d);
  s.ask('when did the third visitor walk away?', 'when.nth.departure', 'time', (w) => nth(all(w), 3).d);
  // when: next after / last before
  s.ask('when did the next person arrive after 09:01:00?', 'when.after.arrival', 'time', (w) => nth(arrivals(tb(w), T('09:01:00'), END), 1).a);
  s.ask('after 09:01:30, when did someone first leave?', 'when.after.departure', 'time', (w) => nth(byArrival(departures(tb(w), T('09:01:30'), END)), 1).d);
  s.ask('when was the last arrival before 09:01?', 'when.before.arrival', 'time', (w) => nth(arrivals(tb(w), S, T('09:01:00')), -1).a);
  s.ask('who was the last to leave before 09:01:30, and when?', 'when.before.departure', 'time', (w) => nth(byArrival(departures(tb(w), S, T('09:01:30'))), -1).d);
  s.ask('when did someone come to the table after the person who left at 09:01:10?', 'when.after.arrival', 'time', (w) => nth(arrivals(tb(w), at(w, T('09:01:10')).d, END), 1).a);
  s.ask('the person who arrived at about 09:00:50 - when did they leave?', 'when.ref.departure', 'time', (w) => at(w, T('09:00:50')).d);
  // when: a condition starts
  s.ask('when did the table become empty after 09:01?', 'when.condition', 'time', (w) => nth(starts(tb(w), T('09:01:00'), END, empty), 1));
  s.ask('when was the table last left empty?', 'when.condition', 'time', (w) => nth(starts(tb(w), S, END, empty), -1));
  s.ask('when was the table occupied again after 09:00:45?', 'when.condition', 'time', (w) => nth(starts(tb(w), T('09:00:46'), END, some), 1));
  // duration of one visit
  s.ask('how long did the first visitor stay?', 'duration.visit.nth', 'duration', (w) => secs(nth(all(w), 1)));
  s.ask('how long was the third person at the table?', 'duration.visit.nth', 'duration', (w) => secs(nth(all(w), 3)));
  s.ask('how long did the fifth person spend at the table?', 'duration.visit.nth', 'duration', (w) => secs(nth(all(w), 5)));
  s.ask('how long did the person before the last one stay?', 'duration.visit.nth', 'duration', (w) => secs(nth(all(w), -2)));
  s.ask('how long did the person who turned up at 09:00:50 stay?', 'duration.visit.time', 'duration', (w) => secs(at(w, T('09:00:50'))));
  s.ask('how long stayed the one who was at the table at 09:01:20?', 'duration.visit.time', 'duration', (w) => secs(at(w, T('09:01:20'))));
  s.ask('whoever was there at 09:00:10, how long did they stay?', 'duration.visit.time', 'duration', (w) => secs(at(w, T('09:00:10'))));
  s.ask('how long was the person who left at about 09:02:16 at the table?', 'duration.visit.time', 'duration', (w) => secs(at(w, T('09:02:16'))));
  // durations of visits aggregated
  s.ask('how long was the longest visit?', 'duration.visits.max', 'duration', (w) => Math.max(...all(w).map(secs)));
  s.ask('what was the longest anyone stayed at the table?', 'duration.visits.max', 'duration', (w) => Math.max(...all(w).map(secs)));
  s.ask('how long did the shortest stay last?', 'duration.visits.min', 'duration', (w) => Math.min(...all(w).map(secs)));
  s.ask('on average, how long did people stay at the table?', 'duration.visits.avg', 'duration', (w) => all(w).reduce((x, v) => x + secs(v), 0) / all(w).length, 2.5);
  s.ask('mean time spent at the table per visit?', 'duration.visits.avg', 'duration', (w) => all(w).reduce((x, v) => x + secs(v), 0) / all(w).length, 2.5);
  s.ask('average visit length after 09:01?', 'duration.visits.avg', 'duration', (w) => {
    const vs = arrivals(tb(w), T('09:01:00'), END);
    return vs.reduce((x, v) => x + secs(v), 0) / vs.length;
  }, 2.5);
  s.ask('how much time did people spend at the table altogether?', 'duration.visits.total', 'duration', (w) => all(w).reduce((x, v) => x + secs(v), 0), 5);
  // duration of a condition
  s.ask('how long was the table empty in total?', 'duration.condition', 'duration', (w) => heldFor(tb(w), S, NOW, empty), 4);
  s.ask('for how many seconds was nobody at the table between 09:01:00 and 09:02:00?', 'duration.condition', 'duration', (w) => heldFor(tb(w), T('09:01:00'), T('09:02:00'), empty));
  s.ask('how long was there exactly one person at the table?', 'duration.condition', 'duration', (w) => heldFor(tb(w), S, NOW, (n) => n === 1), 5);
  s.ask('how long was the table occupied between 09:00:30 and 09:01:30?', 'duration.condition', 'duration', (w) => heldFor(tb(w), T('09:00:30'), T('09:01:30'), some), 4);
  s.ask('total time the table was in use before 09:01?', 'duration.condition', 'duration', (w) => heldFor(tb(w), S, T('09:01:00'), some), 4);
  // lists
  s.ask('list the visits to the table before 09:01', 'list.visits', 'list', (w) => arrivals(tb(w), S, T('09:01:00')).length);
  s.ask('show me everyone who came after 09:01:00', 'list.visits', 'list', (w) => arrivals(tb(w), T('09:01:00'), END).length);
  s.ask('list the people who were at the table in the last minute', 'list.identities', 'list', (w) => present(tb(w), NOW - 60_000, END).length);
  // arg-max / arg-min
  s.ask('who stayed the longest, and when did they arrive?', 'visit.argmax', 'time', (w) => [...all(w)].sort((x, y) => secs(y) - secs(x))[0]!.a);
  s.ask('when did the person with the longest visit leave?', 'when.superlative.departure', 'time', (w) => [...all(w)].sort((x, y) => secs(y) - secs(x))[0]!.d);
  s.ask('of those who came before 09:01:40, who stayed the shortest time and when did they get there?', 'visit.argmin', 'time', (w) => [...arrivals(tb(w), S, T('09:01:40'))].sort((x, y) => secs(x) - secs(y))[0]!.a);
  // more ways of naming place, time and subject
  s.ask('was anybody here at 09:01:55?', 'whether.instant', 'boolean', (w) => countAt(tb(w), T('09:01:55')) > 0);
  s.ask('how many people were here a minute ago?', 'countAt', 'number', (w) => countAt(tb(w), NOW - 60_000));
  s.ask('how many people have come by since 09:01:30?', 'count.visits', 'number', (w) => arrivals(tb(w), T('09:01:30'), END).length);
  s.ask('how many people stopped at the table until 09:00:40?', 'count.visits', 'number', (w) => arrivals(tb(w), S, T('09:00:40')).length);
  s.ask('did somebody use the table in the first 20 seconds?', 'whether.window', 'boolean', (w) => present(tb(w), S, S + 20_000).length > 0);
  s.ask('how many customers did we have at the table from 9:01 am on?', 'count.visits', 'number', (w) => arrivals(tb(w), T('09:01:00'), END).length);
  s.ask('was there only one person at the table at around 09:00:30?', 'whether.instant', 'boolean', (w) => countAt(tb(w), T('09:00:30')) === 1);
  s.ask('when did the 2nd visitor show up?', 'when.nth.arrival', 'time', (w) => nth(all(w), 2).a);
  // refusals
  s.refuse('why did the second person leave?');
  s.refuse("what colour was the first visitor's shirt?");
  s.refuse('how many forklifts drove past the table?');
  s.refuse('how many people were in the kitchen zone?');
  s.refuse('what was the name of the person who stayed longest?');
  s.refuse('was the third visitor a man or a woman?');
  s.refuse('how many people crossed the entrance line?');
  s.refuse('how many people will come to the table tomorrow?');
  return s.questions;
}
