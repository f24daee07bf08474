/**
 * Questions over the bottle clip (camera `bench`, 2026-01-05 10:00:00 UTC): three bottles on a
 * bench, taken away and put back by hand. The settled count is read off the frames (as dev.json's
 * truth); a hand holding a bottle is part of the move.
 */
import { countAt, events, extreme, heldFor, moved, nth, QuestionSet, starts, type Ev, type Track } from './truth.js';

const S = Date.parse('2026-01-05T10:00:00Z');
const T = (hms: string): number => Date.parse(`2026-01-05T${hms}Z`);
/** End of coverage: the last frame the replay keeps (2 fps of a 39.9 s clip). */
const NOW = S + 39_500;
const END = NOW + 1;
/** Settled bottle count from each time on (seconds from the start). */
const STEPS: [number, number][] = [
  [0, 3],
  [6.5, 2],
  [12, 3],
  [17.5, 1],
  [22.5, 2],
  [27.5, 3],
  [31.5, 2],
  [35.5, 3],
].map(([t, n]): [number, number] => [S + t! * 1000, n!]);
const EVENTS: Ev[] = STEPS.slice(1).map(([t, n], i) => {
  const before = STEPS[i]![1];
  return { t, kind: n < before ? 'taken' : 'returned', n: Math.abs(n - before) };
});
const USUAL = 3;

/** The clip as the question files describe it. */
export const BENCH_CLIP = {
  file: 'videos/bottle-detection.mp4',
  camera: 'bench',
  start: '2026-01-05T10:00:00Z',
  truth:
    'Three bottles stand on a bench (seconds from the start): 3 until ~6.5 (left taken) -> 2; left put back ~12 -> 3; left and middle taken together ~17.5 -> 1; middle back ~22.5 -> 2; left back ~27.5 -> 3; right taken ~31.5 -> 2; right back ~35.5 -> 3 to the end (39.9 s; the replay covers 10:00:00-10:00:39.5, "now"). Bottles taken away: 4 in 3 moves; put back: 4 in 4 moves. The usual count is 3.',
};

/** The bench questions. */
export function benchQuestions(): QuestionSet['questions'] {
  const s = new QuestionSet({ bench: { visits: [], steps: STEPS, events: EVENTS } }, { shift: 1000, shrink: 500 });
  const b = (w: Record<string, Track>): Track => w.bench!;
  const full = (n: number): boolean => n >= USUAL;
  const lacking = (n: number): boolean => n < USUAL;

  // countAt
  s.ask('how many bottles are on the bench now?', 'countAt', 'number', (w) => countAt(b(w), NOW));
  s.ask('how many bottles stood on the bench at 10:00:09?', 'countAt', 'number', (w) => countAt(b(w), T('10:00:09')));
  s.ask('bottle count at 10:00:25', 'countAt', 'number', (w) => countAt(b(w), T('10:00:25')));
  s.ask('how many bottles were there at 10:00:29?', 'countAt', 'number', (w) => countAt(b(w), T('10:00:29')));
  s.ask('how many bottles in the picture at 10:00:15?', 'countAt', 'number', (w) => countAt(b(w), T('10:00:15')));
  s.ask('how many bottles were left on the bench at 10:00:20?', 'countAt', 'number', (w) => countAt(b(w), T('10:00:20')));
  s.ask('when the recording began, how many bottles were on the bench?', 'countAt', 'number', (w) => countAt(b(w), S));
  s.ask('how many bottles do we have on the bench at 10:00:33', 'countAt', 'number', (w) => countAt(b(w), T('10:00:33')));
  // missing
  s.ask('how many bottles were missing at 10:00:20?', 'missing', 'number', (w) => USUAL - countAt(b(w), T('10:00:20')));
  s.ask('how many bottles are missing now?', 'missing', 'number', (w) => USUAL - countAt(b(w), NOW));
  s.ask('how many bottles were gone from the bench at 10:00:09?', 'missing', 'number', (w) => USUAL - countAt(b(w), T('10:00:09')));
  s.ask('how many bottles were missing from the bench at 10:00:33?', 'missing', 'number', (w) => USUAL - countAt(b(w), T('10:00:33')));
  // extreme
  s.ask("what's the most bottles there were on the bench at once?", 'extreme.max', 'number', (w) => extreme(b(w), S, END, 'max'));
  s.ask('fewest bottles on the bench between 10:00:05 and 10:00:15?', 'extreme.min', 'number', (w) => extreme(b(w), T('10:00:05'), T('10:00:15'), 'min'));
  s.ask('min number of bottles between 10:00:24 and 10:00:34', 'extreme.min', 'number', (w) => extreme(b(w), T('10:00:24'), T('10:00:34'), 'min'));
  s.ask('what was the highest bottle count between 10:00:19 and 10:00:26?', 'extreme.max', 'number', (w) => extreme(b(w), T('10:00:19'), T('10:00:26'), 'max'));
  s.ask('lowest number of bottles on the bench after 10:00:25?', 'extreme.min', 'number', (w) => extreme(b(w), T('10:00:25'), END, 'min'));
  // count.events taken / returned
  s.ask('how many bottles were taken in total?', 'count.events.taken', 'number', (w) => moved(b(w), 'taken', S, END));
  s.ask('how many bottles got picked up off the bench before 10:00:10?', 'count.events.taken', 'number', (w) => moved(b(w), 'taken', S, T('10:00:10')));
  s.ask('how many bottles were removed in the last 20 seconds?', 'count.events.taken', 'number', (w) => moved(b(w), 'taken', NOW - 20_000, END));
  s.ask('number of bottles taken away after 10:00:25', 'count.events.taken', 'number', (w) => moved(b(w), 'taken', T('10:00:25'), END));
  s.ask('how many bottles were put back after 10:00:20?', 'count.events.returned', 'number', (w) => moved(b(w), 'returned', T('10:00:20'), END));
  s.ask('how many bottles were returned between 10:00:10 and 10:00:25?', 'count.events.returned', 'number', (w) => moved(b(w), 'returned', T('10:00:10'), T('10:00:25')));
  s.ask('how many bottles came back in the last 10 seconds?', 'count.events.returned', 'number', (w) => moved(b(w), 'returned', NOW - 10_000, END));
  s.ask('how many times did someone put a bottle back on the bench?', 'count.events.returned', 'number', (w) => events(b(w), 'returned', S, END).length);
  // whether.event
  s.ask('was any bottle taken after 10:00:33?', 'whether.event', 'boolean', (w) => events(b(w), 'taken', T('10:00:33'), END).length > 0);
  s.ask('did anyone put a bottle back between 10:00:20 and 10:00:30?', 'whether.event', 'boolean', (w) => events(b(w), 'returned', T('10:00:20'), T('10:00:30')).length > 0);
  s.ask('was a bottle removed between 10:00:08 and 10:00:15?', 'whether.event', 'boolean', (w) => events(b(w), 'taken', T('10:00:08'), T('10:00:15')).length > 0);
  s.ask('has a bottle ever been taken off the bench?', 'whether.event', 'boolean', (w) => events(b(w), 'taken', S, END).length > 0);
  // whether.instant
  s.ask('were all three bottles on the bench at 10:00:14?', 'whether.instant', 'boolean', (w) => countAt(b(w), T('10:00:14')) === 3);
  s.ask('was the bench full at 10:00:09?', 'whether.instant', 'boolean', (w) => full(countAt(b(w), T('10:00:09'))));
  s.ask('were there fewer than 3 bottles at 10:00:25?', 'whether.instant', 'boolean', (w) => countAt(b(w), T('10:00:25')) < 3);
  s.ask('was only one bottle on the bench at 10:00:20?', 'whether.instant', 'boolean', (w) => countAt(b(w), T('10:00:20')) === 1);
  s.ask('at 10:00:38, was one of the bottles missing?', 'whether.instant', 'boolean', (w) => lacking(countAt(b(w), T('10:00:38'))));
  s.ask('are all the bottles there now?', 'whether.instant', 'boolean', (w) => full(countAt(b(w), NOW)));
  s.ask('were exactly two bottles on the bench at 10:00:04?', 'whether.instant', 'boolean', (w) => countAt(b(w), T('10:00:04')) === 2);
  // whether.window / ever
  s.ask('was the bench ever down to a single bottle?', 'whether.ever', 'boolean', (w) => extreme(b(w), S, END, 'min') <= 1);
  s.ask('was the bench ever empty?', 'whether.ever', 'boolean', (w) => extreme(b(w), S, END, 'min') === 0);
  s.ask('were all the bottles there the whole time between 10:00:13 and 10:00:16?', 'whether.window', 'boolean', (w) => extreme(b(w), T('10:00:13'), T('10:00:16'), 'min') >= USUAL);
  s.ask('was any bottle missing between 10:00:29 and 10:00:30?', 'whether.window', 'boolean', (w) => extreme(b(w), T('10:00:29'), T('10:00:30'), 'min') < USUAL);
  s.ask('was there a moment between 10:00:20 and 10:00:30 when all three bottles stood on the bench?', 'whether.window', 'boolean', (w) => extreme(b(w), T('10:00:20'), T('10:00:30'), 'max') >= 3);
  // when: taken / returned
  s.ask('when was the first bottle taken?', 'when.nth.taken', 'time', (w) => nth(events(b(w), 'taken', S, END), 1).t);
  s.ask('what time was a bottle taken away for the second time?', 'when.nth.taken', 'time', (w) => nth(events(b(w), 'taken', S, END), 2).t);
  s.ask('when was the last bottle returned?', 'when.nth.returned', 'time', (w) => nth(events(b(w), 'returned', S, END), -1).t);
  s.ask('when was the third bottle put back?', 'when.nth.returned', 'time', (w) => nth(events(b(w), 'returned', S, END), 3).t);
  s.ask('when was a bottle next put back after 10:00:20?', 'when.after.returned', 'time', (w) => nth(events(b(w), 'returned', T('10:00:20'), END), 1).t);
  s.ask('when was the last time a bottle was taken before 10:00:30?', 'when.before.taken', 'time', (w) => nth(events(b(w), 'taken', S, T('10:00:30')), -1).t);
  s.ask('after 10:00:25, when was a bottle first removed?', 'when.after.taken', 'time', (w) => nth(events(b(w), 'taken', T('10:00:25'), END), 1).t);
  // when: a condition starts
  s.ask('when did the bench first go down to two bottles?', 'when.condition', 'time', (w) => nth(starts(b(w), S, END, (n) => n === 2), 1));
  s.ask('when were all the bottles back after 10:00:20?', 'when.condition', 'time', (w) => nth(starts(b(w), T('10:00:20'), END, full), 1));
  s.ask('when was the bench last full again?', 'when.condition', 'time', (w) => nth(starts(b(w), S, END, full), -1));
  s.ask('when did the bottle count drop below three for the last time?', 'when.condition', 'time', (w) => nth(starts(b(w), S, END, lacking), -1));
  // duration of a condition
  s.ask('how long was only one bottle on the bench?', 'duration.condition', 'duration', (w) => heldFor(b(w), S, NOW, (n) => n === 1));
  s.ask('how long were there exactly two bottles?', 'duration.condition', 'duration', (w) => heldFor(b(w), S, NOW, (n) => n === 2), 4);
  s.ask('for how long was at least one bottle missing?', 'duration.condition', 'duration', (w) => heldFor(b(w), S, NOW, lacking), 4);
  s.ask('how long was the bench full between 10:00:00 and 10:00:20?', 'duration.condition', 'duration', (w) => heldFor(b(w), S, T('10:00:20'), full), 4);
  s.ask('total time with fewer than three bottles after 10:00:20?', 'duration.condition', 'duration', (w) => heldFor(b(w), T('10:00:20'), NOW, lacking), 4);
  // lists
  s.ask('list when bottles were put back', 'list.events', 'list', (w) => events(b(w), 'returned', S, END).length);
  s.ask('show the removals from the bench after 10:00:20', 'list.events', 'list', (w) => events(b(w), 'taken', T('10:00:20'), END).length);
  // more ways of naming place, time and subject
  s.ask('how many bottles are here now?', 'countAt', 'number', (w) => countAt(b(w), NOW));
  s.ask('how many bottles were on the bench 30 seconds ago?', 'countAt', 'number', (w) => countAt(b(w), NOW - 30_000));
  s.ask('were more than 2 bottles on the bench at 10:00:25?', 'whether.instant', 'boolean', (w) => countAt(b(w), T('10:00:25')) > 2);
  s.ask('since 10:00:30, how many bottles have been put back?', 'count.events.returned', 'number', (w) => moved(b(w), 'returned', T('10:00:30'), END));
  s.ask('at the beginning, was the bench full?', 'whether.instant', 'boolean', (w) => full(countAt(b(w), S)));
  // refusals
  s.refuse('which bottle was taken first, the left or the right one?');
  s.refuse('how full are the bottles?');
  s.refuse('what brand is the water on the bench?');
  s.refuse('why were the bottles moved?');
  s.refuse('how many cans were on the bench?');
  s.refuse('how many bottles were on the top shelf?');
  return s.questions;
}
