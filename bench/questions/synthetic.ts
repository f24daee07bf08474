/**
 * Questions over the synthetic day of bench/synthetic-memory.ts (24 h x 8 cameras `cam0`..`cam7`
 * from 2026-11-20 00:00 UTC, PRNG seed 42, as `bench:planner` builds it): a person about every
 * 20 s per camera, present 10-60 s, in zone `door` from 2 s after arriving to 2 s before leaving,
 * crossing line `gate` 1 s after arriving. The truth comes from the generator itself.
 */
import { mulberry32, people } from '../synthetic-memory.js';
import { arrivals, byArrival, countAt, departures, events, extreme, heldFor, merged, nth, present, QuestionSet, secs, starts, type Track, type Visit, type World } from './truth.js';

/** The synthetic day's parameters. */
export const SYNTHETIC = { seed: 42, hours: 24, cameras: 8, start: '2026-11-20T00:00:00Z' };
const T0 = Date.parse(SYNTHETIC.start);
const END = T0 + SYNTHETIC.hours * 3600_000;

/** The synthetic day as the question file describes it. */
export const SYNTHETIC_DAY = {
  synthetic: SYNTHETIC,
  camera: '*',
  start: SYNTHETIC.start,
  truth: 'bench/synthetic-memory.ts with these parameters (the memory bench:planner builds); truth from its generator.',
};

/** The generated world: per camera its visits, line crossings and zone events; per `cam/door` the zone visits. */
export function syntheticWorld(): World {
  const rnd = mulberry32(SYNTHETIC.seed);
  const cams = Array.from({ length: SYNTHETIC.cameras }, (_, i) => `cam${i}`);
  const w: World = {};
  for (const cam of cams) {
    const ps = people(cam, T0, END, rnd);
    w[cam] = {
      visits: ps.map((p) => ({ a: p.first, d: p.last })),
      events: ps
        .flatMap((p) => [
          { t: p.cross, kind: 'line_cross' as const, n: 1, dir: p.dir },
          { t: p.enter, kind: 'zone_enter' as const, n: 1 },
          { t: p.exit, kind: 'zone_exit' as const, n: 1 },
        ])
        .sort((x, y) => x.t - y.t),
    };
    w[`${cam}/door`] = { visits: ps.map((p) => ({ a: p.enter, d: p.exit })), events: [] };
  }
  return w;
}

const MIN = 60_000;
/** Coverage ends with the last frame, half a second before the day's end. */
const NOW = END - 500;
/** A time of the day. */
const D = (hms: string): number => Date.parse(`2026-11-20T${hms.length === 5 ? `${hms}:00` : hms}Z`);
const pad = (n: number): string => String(n).padStart(2, '0');
/** "14:05" */
const hm = (t: number): string => new Date(t).toISOString().slice(11, 16);
/** "14:05:37" */
const hms = (t: number): string => new Date(t).toISOString().slice(11, 19);
/** "2:05 pm" */
function ampm(t: number): string {
  const d = new Date(t);
  const h = d.getUTCHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(d.getUTCMinutes())} ${h < 12 ? 'am' : 'pm'}`;
}
/** `n` candidate times from `from` every `step` ms. */
const every = (from: string, step: number, n = 60): number[] => Array.from({ length: n }, (_, k) => D(from) + k * step);
const mean = (vs: Visit[]): number => {
  if (!vs.length) throw new Error('no visits');
  return vs.reduce((x, v) => x + secs(v), 0) / vs.length;
};
/** The one visit arriving about `t` (none, or another within 8 s: no truth). */
function arrivedAt(t: Track, at: number): Visit {
  const vs = t.visits.filter((v) => Math.abs(v.a - at) <= 8000);
  if (vs.length !== 1 || Math.abs(vs[0]!.a - at) > 3000) throw new Error('not one arrival there');
  return vs[0]!;
}
/** The only visit present at `t`. */
function onlyAt(t: Track, at: number): Visit {
  const vs = t.visits.filter((v) => v.a - 3000 <= at && at <= v.d + 3000);
  if (vs.length !== 1) throw new Error('not one visit there');
  return vs[0]!;
}
/** The one visit leaving about `t`. */
function leftAt(t: Track, at: number): Visit {
  const vs = t.visits.filter((v) => Math.abs(v.d - at) <= 8000);
  if (vs.length !== 1 || Math.abs(vs[0]!.d - at) > 3000) throw new Error('not one departure there');
  return vs[0]!;
}
const longest = (vs: Visit[]): Visit => {
  const s = [...vs].sort((x, y) => secs(y) - secs(x));
  if (!s[0] || (s[1] && secs(s[0]) - secs(s[1]) < 3)) throw new Error('no clear longest');
  return s[0];
};
const shortest = (vs: Visit[]): Visit => {
  const s = [...vs].sort((x, y) => secs(x) - secs(y));
  if (!s[0] || (s[1] && secs(s[1]) - secs(s[0]) < 3)) throw new Error('no clear shortest');
  return s[0];
};

/** The synthetic-day questions. */
export function syntheticQuestions(): QuestionSet['questions'] {
  const s = new QuestionSet(syntheticWorld(), { shift: 2000, shrink: 500 });
  const c = (w: World, cam: string): Track => w[cam]!;
  const everyCam = (w: World): Track => merged(...Array.from({ length: SYNTHETIC.cameras }, (_, i) => w[`cam${i}`]!));
  const zoneAll = (w: World): Track => merged(...Array.from({ length: SYNTHETIC.cameras }, (_, i) => w[`cam${i}/door`]!));
  const m = every;

  // count.visits
  s.first(m('14:00', MIN), (t) => [`how many people came to cam3 between ${hm(t)} and ${hm(t + 10 * MIN)}?`, 'count.visits', 'number', (w) => arrivals(c(w, 'cam3'), t, t + 10 * MIN).length]);
  s.first(m('08:00', MIN), (t) => [`how many visitors did cam0 get from ${hm(t)} to ${hm(t + 60 * MIN)}`, 'count.visits', 'number', (w) => arrivals(c(w, 'cam0'), t, t + 60 * MIN).length]);
  s.first(['cam5', 'cam4', 'cam2', 'cam6', 'cam1'], (cam) => [`how many people showed up on ${cam} after half past nine and before ten?`, 'count.visits', 'number', (w) => arrivals(c(w, cam), D('09:30'), D('10:00')).length]);
  s.first(m('11:20:10', 13_000), (t) => [`arrivals across all cameras between ${hms(t)} and ${hms(t + 2 * MIN)}?`, 'count.visits', 'number', (w) => arrivals(everyCam(w), t, t + 2 * MIN).length]);
  s.first(['cam6', 'cam2', 'cam7', 'cam1', 'cam3'], (cam) => [`in the last 10 minutes, how many people arrived at ${cam}?`, 'count.visits', 'number', (w) => arrivals(c(w, cam), NOW - 10 * MIN, END).length]);
  s.first(m('14:00', 5 * MIN), (t) => [`how many people walked into view of cam1 between ${ampm(t)} and ${ampm(t + 5 * MIN)}?`, 'count.visits', 'number', (w) => arrivals(c(w, 'cam1'), t, t + 5 * MIN).length]);
  s.ask('how many visits did cam7 get over the whole day?', 'count.visits', 'number', (w) => c(w, 'cam7').visits.length);
  // count.present
  s.first(m('16:40', MIN), (t) => [`how many people were on cam2 between ${hm(t)} and ${hm(t + 5 * MIN)}?`, 'count.present', 'number', (w) => present(c(w, 'cam2'), t, t + 5 * MIN).length]);
  s.first(m('03:15:20', 11_000), (t) => [`how many people did cam7 see between ${hms(t)} and ${hms(t + MIN)}?`, 'count.present', 'number', (w) => present(c(w, 'cam7'), t, t + MIN).length]);
  s.first(m('21:10', MIN), (t) => [`number of people in the door zone of cam5 between ${hm(t)} and ${hm(t + 2 * MIN)}`, 'count.present', 'number', (w) => present(c(w, 'cam5/door'), t, t + 2 * MIN).length]);
  // count.departures
  s.first(m('10:00', MIN), (t) => [`how many people left cam4 between ${hm(t)} and ${hm(t + 10 * MIN)}?`, 'count.departures', 'number', (w) => departures(c(w, 'cam4'), t, t + 10 * MIN).length]);
  s.first(m('19:30', MIN), (t) => [`how many departures did cam1 record from ${hm(t)} to ${hm(t + 30 * MIN)}?`, 'count.departures', 'number', (w) => departures(c(w, 'cam1'), t, t + 30 * MIN).length]);
  s.first(m('06:45:05', 9_000), (t) => [`after ${hms(t)}, how many people had gone from cam6 by ${hms(t + 90_000)}?`, 'count.departures', 'number', (w) => departures(c(w, 'cam6'), t, t + 90_000).length]);
  // count.events: line crossings, zone entries and exits
  s.first(m('12:00', MIN), (t) => [`how many times was the gate line crossed on cam2 between ${hm(t)} and ${hm(t + 10 * MIN)}?`, 'count.events.line_cross', 'number', (w) => events(c(w, 'cam2'), 'line_cross', t, t + 10 * MIN).length]);
  s.first(m('07:00', MIN), (t) => [`how many people crossed the gate going forward on cam0 between ${hm(t)} and ${hm(t + 15 * MIN)}?`, 'count.events.line_cross', 'number', (w) => events(c(w, 'cam0'), 'line_cross', t, t + 15 * MIN, 'forward').length]);
  s.first(m('18:00', MIN), (t) => [`backward crossings of line gate on cam6 from ${hm(t)} to ${hm(t + 20 * MIN)}`, 'count.events.line_cross', 'number', (w) => events(c(w, 'cam6'), 'line_cross', t, t + 20 * MIN, 'backward').length]);
  s.first(m('13:13:13', 17_000), (t) => [`how many times did someone go through the gate on any camera between ${hms(t)} and ${hms(t + MIN)}?`, 'count.events.line_cross', 'number', (w) => events(everyCam(w), 'line_cross', t, t + MIN).length]);
  s.first(m('05:00', MIN), (t) => [`how many times did someone enter the door zone on cam4 between ${hm(t)} and ${hm(t + 10 * MIN)}?`, 'count.events.zone_enter', 'number', (w) => events(c(w, 'cam4'), 'zone_enter', t, t + 10 * MIN).length]);
  s.first(m('22:00', MIN), (t) => [`how many exits from zone door were there on cam7 between ${hm(t)} and ${hm(t + 5 * MIN)}?`, 'count.events.zone_exit', 'number', (w) => events(c(w, 'cam7'), 'zone_exit', t, t + 5 * MIN).length]);
  s.first(m('09:05', MIN), (t) => [`how many people walked into the door area on cam1 between ${hm(t)} and ${hm(t + 30 * MIN)}?`, 'count.events.zone_enter', 'number', (w) => events(c(w, 'cam1'), 'zone_enter', t, t + 30 * MIN).length]);
  s.first(m('15:40', MIN), (t) => [`how many times did people leave the door zone, all cameras together, between ${hm(t)} and ${hm(t + 3 * MIN)}?`, 'count.events.zone_exit', 'number', (w) => events(everyCam(w), 'zone_exit', t, t + 3 * MIN).length]);
  // count.where
  s.first(m('10:30', MIN), (t) => [`how many people stayed longer than 45 seconds on cam3 between ${hm(t)} and ${hm(t + 5 * MIN)}?`, 'count.where', 'number', (w) => arrivals(c(w, 'cam3'), t, t + 5 * MIN).filter((v) => secs(v) > 45).length]);
  s.first(m('17:00', MIN), (t) => [`of the visits to cam5 between ${hm(t)} and ${hm(t + 5 * MIN)}, how many were shorter than 20 seconds?`, 'count.where', 'number', (w) => arrivals(c(w, 'cam5'), t, t + 5 * MIN).filter((v) => secs(v) < 20).length]);
  // countAt
  s.first(m('04:20:03', 7_000), (t) => [`how many people were on cam1 at ${hms(t)}?`, 'countAt', 'number', (w) => countAt(c(w, 'cam1'), t)]);
  s.first(m('13:00', MIN), (t) => [`how many people were in front of cam4 at ${hm(t)}?`, 'countAt', 'number', (w) => countAt(c(w, 'cam4'), t)]);
  s.first(m('08:08:08', 7_000), (t) => [`how many people were in the door zone on cam2 at ${hms(t)}?`, 'countAt', 'number', (w) => countAt(c(w, 'cam2/door'), t)]);
  s.first(['cam0', 'cam1', 'cam2', 'cam3', 'cam4', 'cam5', 'cam6', 'cam7'], (cam) => [`how many people were there on ${cam} at quarter past three in the afternoon?`, 'countAt', 'number', (w) => countAt(c(w, cam), D('15:15'))]);
  s.first(m('20:00', MIN), (t) => [`headcount on cam6 at ${ampm(t)}`, 'countAt', 'number', (w) => countAt(c(w, 'cam6'), t)]);
  s.first(m('12:34:56', 9_000), (t) => [`how many people were on all cameras together at ${hms(t)}?`, 'countAt', 'number', (w) => countAt(everyCam(w), t)]);
  s.first(m('02:02:02', 7_000), (t) => [`how many people stood in zone door across every camera at ${hms(t)}?`, 'countAt', 'number', (w) => countAt(zoneAll(w), t)]);
  // extreme
  s.first(m('11:00', MIN), (t) => [`what's the most people cam3 saw at once between ${hm(t)} and ${hm(t + 10 * MIN)}?`, 'extreme.max', 'number', (w) => extreme(c(w, 'cam3'), t, t + 10 * MIN, 'max')]);
  s.first(m('06:00', MIN), (t) => [`peak number of people on cam5 between ${hm(t)} and ${hm(t + 30 * MIN)}`, 'extreme.max', 'number', (w) => extreme(c(w, 'cam5'), t, t + 30 * MIN, 'max')]);
  s.first(m('19:19:19', 11_000), (t) => [`fewest people on cam7 between ${hms(t)} and ${hms(t + MIN)}?`, 'extreme.min', 'number', (w) => extreme(c(w, 'cam7'), t, t + MIN, 'min')]);
  s.first(m('01:00', MIN), (t) => [`maximum number in zone door on cam1 between ${hm(t)} and ${hm(t + 5 * MIN)}`, 'extreme.max', 'number', (w) => extreme(c(w, 'cam1/door'), t, t + 5 * MIN, 'max')]);
  s.first(m('23:00', MIN), (t) => [`what was the smallest crowd on cam0 between ${hm(t)} and ${hm(t + 2 * MIN)}?`, 'extreme.min', 'number', (w) => extreme(c(w, 'cam0'), t, t + 2 * MIN, 'min')]);
  // whether
  s.first(m('10:10:10', 7_000), (t) => [`was anyone on cam2 at ${hms(t)}?`, 'whether.instant', 'boolean', (w) => countAt(c(w, 'cam2'), t) > 0]);
  s.first(m('03:00:01', 3_000, 400), (t) => [`was cam4 empty at ${hms(t)}?`, 'whether.instant', 'boolean', (w) => countAt(c(w, 'cam4'), t) === 0]);
  s.first(m('16:16:16', 7_000), (t) => [`were there more than two people on cam6 at ${hms(t)}?`, 'whether.instant', 'boolean', (w) => countAt(c(w, 'cam6'), t) > 2]);
  s.first(m('07:30:30', 7_000), (t) => [`was exactly one person in the door zone of cam0 at ${hms(t)}?`, 'whether.instant', 'boolean', (w) => countAt(c(w, 'cam0/door'), t) === 1]);
  s.first(m('14:44:04', 5_000), (t) => [`did anyone cross the gate on cam3 between ${hms(t)} and ${hms(t + 20_000)}?`, 'whether.event', 'boolean', (w) => events(c(w, 'cam3'), 'line_cross', t, t + 20_000).length > 0]);
  s.first(m('05:05', MIN), (t) => [`was cam1 ever empty between ${hm(t)} and ${hm(t + 5 * MIN)}?`, 'whether.window', 'boolean', (w) => extreme(c(w, 'cam1'), t, t + 5 * MIN, 'min') === 0]);
  s.first(m('09:09:09', 13_000), (t) => [`was there always at least one person on cam5 between ${hms(t)} and ${hms(t + 30_000)}?`, 'whether.window', 'boolean', (w) => extreme(c(w, 'cam5'), t, t + 30_000, 'min') >= 1]);
  s.first(m('18:18:18', 7_000), (t) => [`did anybody show up on cam7 between ${hms(t)} and ${hms(t + 15_000)}?`, 'whether.visit', 'boolean', (w) => arrivals(c(w, 'cam7'), t, t + 15_000).length > 0]);
  s.first(m('12:12:12', 7_000), (t) => [`did anyone leave the door zone on cam2 between ${hms(t)} and ${hms(t + 10_000)}?`, 'whether.event', 'boolean', (w) => events(c(w, 'cam2'), 'zone_exit', t, t + 10_000).length > 0]);
  s.first(m('13:30', MIN), (t) => [`were 4 or more people ever on cam0 at the same time between ${hm(t)} and ${hm(t + 10 * MIN)}?`, 'whether.window', 'boolean', (w) => extreme(c(w, 'cam0'), t, t + 10 * MIN, 'max') >= 4]);
  s.first(m('02:30', MIN), (t) => [`did anyone stay over 55 seconds on cam4 between ${hm(t)} and ${hm(t + 5 * MIN)}?`, 'whether.visit', 'boolean', (w) => arrivals(c(w, 'cam4'), t, t + 5 * MIN).some((v) => secs(v) > 55)]);
  s.first(m('21:21:21', 7_000), (t) => [`was the door zone on cam6 free at ${hms(t)}?`, 'whether.instant', 'boolean', (w) => countAt(c(w, 'cam6/door'), t) === 0]);
  // when: arrivals and departures
  s.first(m('06:00', MIN), (t) => [`when did the first person arrive at cam0 after ${hm(t)}?`, 'when.after.arrival', 'time', (w) => nth(arrivals(c(w, 'cam0'), t, END), 1).a]);
  s.first(m('15:00', MIN), (t) => [`what time did the last person before ${hm(t)} get to cam6?`, 'when.before.arrival', 'time', (w) => nth(arrivals(c(w, 'cam6'), T0, t), -1).a]);
  s.first(m('10:20', MIN), (t) => [`when did the third person between ${hm(t)} and ${hm(t + 10 * MIN)} arrive on cam2?`, 'when.nth.arrival', 'time', (w) => nth(arrivals(c(w, 'cam2'), t, t + 10 * MIN), 3).a]);
  s.ask('when did the first visitor of the day on cam5 arrive?', 'when.nth.arrival', 'time', (w) => nth(byArrival(c(w, 'cam5').visits), 1).a);
  s.ask('when was the last arrival of the day on cam1?', 'when.nth.arrival', 'time', (w) => nth(byArrival(c(w, 'cam1').visits), -1).a);
  s.first(m('11:11:11', 7_000), (t) => [`when did the next person leave cam3 after ${hms(t)}?`, 'when.after.departure', 'time', (w) => nth(byArrival(departures(c(w, 'cam3'), t, END).map((v) => ({ a: v.d, d: v.d }))), 1).a]);
  s.first(c0('cam7', '17:45'), (t) => [`when did the person who arrived on cam7 at about ${hms(t)} leave?`, 'when.ref.departure', 'time', (w) => arrivedAt(c(w, 'cam7'), t).d]);
  s.first(m('20:20', MIN), (t) => [`when did the second person after ${hm(t)} leave cam4?`, 'when.nth.departure', 'time', (w) => nth(arrivals(c(w, 'cam4'), t, END), 2).d]);
  // when: events
  s.first(m('08:00', MIN), (t) => [`when was the gate on cam4 first crossed after ${hm(t)}?`, 'when.after.line_cross', 'time', (w) => nth(events(c(w, 'cam4'), 'line_cross', t, END), 1).t]);
  s.first(m('16:00', MIN), (t) => [`when did someone last go through the gate on cam2 before ${hm(t)}?`, 'when.before.line_cross', 'time', (w) => nth(events(c(w, 'cam2'), 'line_cross', T0, t), -1).t]);
  s.first(m('22:30', MIN), (t) => [`at what time did someone first cross the gate backwards on cam6 after ${hm(t)}?`, 'when.after.line_cross', 'time', (w) => nth(events(c(w, 'cam6'), 'line_cross', t, END, 'backward'), 1).t]);
  s.first(m('04:04:04', 7_000), (t) => [`when did someone first step into the door zone on cam1 after ${hms(t)}?`, 'when.after.zone_enter', 'time', (w) => nth(events(c(w, 'cam1'), 'zone_enter', t, END), 1).t]);
  s.first(m('19:00', MIN), (t) => [`when did someone last leave the door zone on cam5 before ${hm(t)}?`, 'when.before.zone_exit', 'time', (w) => nth(events(c(w, 'cam5'), 'zone_exit', T0, t), -1).t]);
  s.ask('when was the gate on cam3 crossed for the first time today?', 'when.nth.line_cross', 'time', (w) => nth(events(c(w, 'cam3'), 'line_cross', T0, END), 1).t);
  // when: a condition starts
  s.first(m('03:30', MIN), (t) => [`when did cam3 next become empty after ${hm(t)}?`, 'when.condition', 'time', (w) => nth(starts(c(w, 'cam3'), t, t + 2 * MIN, (n) => n === 0), 1)]);
  s.first(m('12:45', MIN), (t) => [`after ${hm(t)}, when were there next 3 or more people on cam0?`, 'when.condition', 'time', (w) => nth(starts(c(w, 'cam0'), t, t + 2 * MIN, (n) => n >= 3), 1)]);
  // duration of one visit
  s.first(m('09:50', MIN), (t) => [`how long did the first person after ${hm(t)} stay on cam2?`, 'duration.visit.after', 'duration', (w) => secs(nth(arrivals(c(w, 'cam2'), t, END), 1))]);
  s.first(c0('cam4', '13:13'), (t) => [`how long did the person who arrived at ${hms(t)} on cam4 stay?`, 'duration.visit.time', 'duration', (w) => secs(arrivedAt(c(w, 'cam4'), t))]);
  s.first(m('00:30:30', 3_000, 400), (t) => [`the person on cam6 at ${hms(t)}: how long were they there?`, 'duration.visit.time', 'duration', (w) => secs(onlyAt(c(w, 'cam6'), t))]);
  s.first(m('17:17', MIN), (t) => [`how long did the last visitor before ${hm(t)} stay on cam0?`, 'duration.visit.before', 'duration', (w) => secs(nth(arrivals(c(w, 'cam0'), T0, t), -1))]);
  s.first(d0('cam1', '07:07'), (t) => [`how much time did the person who left cam1 at ${hms(t)} spend there?`, 'duration.visit.time', 'duration', (w) => secs(leftAt(c(w, 'cam1'), t))]);
  // durations of visits aggregated
  s.first(m('14:30', MIN), (t) => [`people who came to cam3 between ${hm(t)} and ${hm(t + 10 * MIN)}: how long did they stay on average?`, 'duration.visits.avg', 'duration', (w) => mean(arrivals(c(w, 'cam3'), t, t + 10 * MIN))]);
  s.first(m('08:30', MIN), (t) => [`what was the longest visit on cam5 between ${hm(t)} and ${hm(t + 30 * MIN)}?`, 'duration.visits.max', 'duration', (w) => Math.max(...arrivals(c(w, 'cam5'), t, t + 30 * MIN).map(secs))]);
  s.first(m('18:40', MIN), (t) => [`shortest stay on cam7 between ${hm(t)} and ${hm(t + 10 * MIN)}?`, 'duration.visits.min', 'duration', (w) => Math.min(...arrivals(c(w, 'cam7'), t, t + 10 * MIN).map(secs))]);
  s.first(m('11:40', MIN), (t) => [`in total, how long did the people who arrived at cam1 between ${hm(t)} and ${hm(t + 5 * MIN)} stay?`, 'duration.visits.total', 'duration', (w) => arrivals(c(w, 'cam1'), t, t + 5 * MIN).reduce((x, v) => x + secs(v), 0), 8]);
  s.first(m('10:40', MIN), (t) => [`average time in the door zone on cam2 for people who entered it between ${hm(t)} and ${hm(t + 10 * MIN)}`, 'duration.visits.avg', 'duration', (w) => mean(arrivals(c(w, 'cam2/door'), t, t + 10 * MIN))]);
  s.first(m('15:15', MIN), (t) => [`longest time anyone spent in zone door on cam4 between ${hm(t)} and ${hm(t + 15 * MIN)}`, 'duration.visits.max', 'duration', (w) => Math.max(...arrivals(c(w, 'cam4/door'), t, t + 15 * MIN).map(secs))]);
  // duration of a condition
  s.first(m('04:40', MIN), (t) => [`how long was cam3 empty between ${hm(t)} and ${hm(t + 10 * MIN)}?`, 'duration.condition', 'duration', (w) => heldFor(c(w, 'cam3'), t, t + 10 * MIN, (n) => n === 0), 6]);
  s.first(m('20:50', MIN), (t) => [`for how long was exactly one person on cam0 between ${hm(t)} and ${hm(t + 5 * MIN)}?`, 'duration.condition', 'duration', (w) => heldFor(c(w, 'cam0'), t, t + 5 * MIN, (n) => n === 1), 6]);
  s.first(m('01:30', MIN), (t) => [`how long were there fewer than 2 people on cam6 between ${hm(t)} and ${hm(t + 5 * MIN)}?`, 'duration.condition', 'duration', (w) => heldFor(c(w, 'cam6'), t, t + 5 * MIN, (n) => n < 2), 6]);
  s.first(m('23:10', MIN), (t) => [`how long was the door zone on cam1 empty between ${hm(t)} and ${hm(t + 5 * MIN)}?`, 'duration.condition', 'duration', (w) => heldFor(c(w, 'cam1/door'), t, t + 5 * MIN, (n) => n === 0), 6]);
  // lists
  s.first(m('13:50:10', 11_000), (t) => [`list the people who came to cam2 between ${hms(t)} and ${hms(t + MIN)}`, 'list.visits', 'list', (w) => arrivals(c(w, 'cam2'), t, t + MIN).length]);
  s.first(m('07:50:20', 11_000), (t) => [`list the gate crossings on cam5 between ${hms(t)} and ${hms(t + 2 * MIN)}`, 'list.events', 'list', (w) => events(c(w, 'cam5'), 'line_cross', t, t + 2 * MIN).length]);
  s.first(m('16:50:30', 11_000), (t) => [`show me every entry into zone door on cam7 between ${hms(t)} and ${hms(t + MIN)}`, 'list.events', 'list', (w) => events(c(w, 'cam7'), 'zone_enter', t, t + MIN).length]);
  // arg-max / arg-min
  s.first(m('11:30', MIN), (t) => [`who stayed longest on cam3 between ${hm(t)} and ${hm(t + 10 * MIN)}, and when did they arrive?`, 'visit.argmax', 'time', (w) => longest(arrivals(c(w, 'cam3'), t, t + 10 * MIN)).a]);
  s.first(m('05:30', MIN), (t) => [`who had the shortest visit to cam0 between ${hm(t)} and ${hm(t + 10 * MIN)}, and when did they come?`, 'visit.argmin', 'time', (w) => shortest(arrivals(c(w, 'cam0'), t, t + 10 * MIN)).a]);
  s.first(m('21:40', MIN), (t) => [`when did the person who stayed longest on cam6 between ${hm(t)} and ${hm(t + 30 * MIN)} leave?`, 'when.superlative.departure', 'time', (w) => longest(arrivals(c(w, 'cam6'), t, t + 30 * MIN)).d]);
  // more ways of naming subjects and times
  s.first(m('10:10', MIN), (t) => [`how many customers came to cam5 between ${ampm(t)} and ${ampm(t + 5 * MIN)}?`, 'count.visits', 'number', (w) => arrivals(c(w, 'cam5'), t, t + 5 * MIN).length]);
  s.first(m('12:20', MIN), (t) => [`how many workers passed through the gate on cam2 between ${hm(t)} and ${hm(t + 5 * MIN)}?`, 'count.events.line_cross', 'number', (w) => events(c(w, 'cam2'), 'line_cross', t, t + 5 * MIN).length]);
  s.first(m('16:05:05', 7_000), (t) => [`were there exactly two people on cam4 at ${hms(t)}?`, 'whether.instant', 'boolean', (w) => countAt(c(w, 'cam4'), t) === 2]);
  s.first(m('08:48', MIN), (t) => [`did somebody come into the door zone of cam3 between ${hm(t)} and ${hm(t + 1 * MIN)}?`, 'whether.event', 'boolean', (w) => events(c(w, 'cam3'), 'zone_enter', t, t + MIN).length > 0]);
  s.first(m('09:30', MIN), (t) => [`how many shoppers did cam6 see arrive after half past nine, up to ${hm(t + 10 * MIN)}?`, 'count.visits', 'number', (w) => arrivals(c(w, 'cam6'), D('09:30'), t + 10 * MIN).length]);
  s.first(m('06:06:06', 7_000), (t) => [`at ${hms(t)}, was nobody at all on cam7?`, 'whether.instant', 'boolean', (w) => countAt(c(w, 'cam7'), t) === 0]);
  // refusals
  s.refuse('how many forklifts crossed the gate on cam2 between 10:00 and 11:00?');
  s.refuse('how many people were in the loading bay zone on cam1 at 12:00?');
  s.refuse('how many people crossed the fence line on cam3 between 14:00 and 15:00?');
  s.refuse('how many people came to cam9 between 10:00 and 10:10?');
  s.refuse('why was cam4 so busy at 14:00?');
  s.refuse('what were the people on cam0 carrying at 09:00?');
  s.refuse('how many people wore a hard hat on cam6 between 08:00 and 09:00?');
  return s.questions;
}

/** Arrival times on a camera from a time on (candidates for questions about the person who arrived then). */
function c0(cam: string, from: string): number[] {
  return byArrival(syntheticWorld()[cam]!.visits.filter((v) => v.a >= D(from))).slice(0, 40).map((v) => v.a);
}

/** Departure times on a camera from a time on. */
function d0(cam: string, from: string): number[] {
  return syntheticWorld()[cam]!.visits.filter((v) => v.d >= D(from)).map((v) => v.d).sort((x, y) => x - y).slice(0, 40);
}
