/**
 * The words queries are described in (subjects, places, conditions, visit references, moments,
 * times), shared by the measures' descriptions (`measures/*.ts`) and `describe.ts`.
 */
import { spotWords } from './spots.js';
import { hasBody, lookWords } from './look.js';
import { formatLocal } from '../time.js';
import { isGap, type CountCondition, type DurationCondition, type EventKind, type Moment, type Pick, type Query, type VisitRef } from './schema.js';

const ORD = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** "the 3rd", "the last", "the one before last". */
export function nth(n: number): string {
  if (n === -1) return 'the last';
  if (n === -2) return 'the one before last';
  if (n < 0) return `the ${-n}th from last`;
  return `the ${ORD[n] ?? `${n}th`}`;
}

/** Short wall time: the time of day, with the date only when asked across days. */
export function clock(t: number, tz: string): string {
  const s = formatLocal(t, tz);
  return s.slice(11, s.lastIndexOf(' ')).replace(/\.\d+$/, '');
}

/** The subject after an event's name, as " (people)"; nothing for sounds and speech, which have none. */
export function of(event: string | undefined, sn: string): string {
  return event === 'loud_sound' || event === 'speech' ? '' : ` (${sn})`;
}

/** The subject in words, singular ("person", "an object") or plural ("people"). */
export function subject(q: Query, plural0: boolean): string {
  const c = q.subject.classes;
  // one identity's visits: "one person", never "one people"
  const plural = plural0 && !q.subject.one;
  if (c.length === 0) return plural ? 'objects' : 'an object';
  const name = (l: string): string => (plural ? (l === 'person' ? 'people' : /(?:s|x|ch|sh)$/.test(l) ? `${l}es` : `${l}s`) : l);
  const look = q.subject.look;
  const v = q.subject.visits;
  const came = v ? ` who came ${{ eq: '', ne: 'other than ', lt: 'fewer than ', le: 'at most ', gt: 'more than ', ge: 'at least ' }[v.op]}${v.n} time${v.n === 1 ? '' : 's'} (by re-identification)` : '';
  const said = (x: string): string => (q.subject.one ? `${x}${came || ' (one identity, by re-identification)'}` : `${x}${came}`);
  if (look) return said(`${c.map(name).join(' or ')} ${c.every(hasBody) ? `coloured ${lookWords(look)}` : `dressed ${lookWords(look)}`}`);
  // "the left bottle": the things at one place in the picture
  if (q.subject.spot) return said(`${c.map(name).join(' or ')} at ${spotWords(q.subject.spot)} in the picture`);
  return said(c.map(name).join(' or '));
}

/** The place in words. */
export function place(q: Query): string {
  const p = q.place;
  const parts: string[] = [];
  if (p.zone) parts.push(`zone ${p.zone}`);
  if (p.line) parts.push(`line ${p.line}${p.direction ? ` (${p.direction})` : ''}`);
  if (p.cameras.length > 0) parts.push(`camera ${p.cameras.join(', ')}`);
  else if (!p.zone && !p.line) parts.push(p.across ? 'all cameras added up' : 'any camera');
  return parts.join(' of ');
}

/** A count condition in words. */
export function countWords(c: CountCondition, q: Query): string {
  const s = subject(q, true);
  if (c.op === 'full') return `all the usual ${s} there`;
  if (c.op === 'missing') return `fewer ${s} than usual`;
  if (c.op === 'lowest') return `the fewest ${s} of that time (the count at its lowest)`;
  if (c.op === 'highest') return `the most ${s} of that time (the count at its highest)`;
  if (c.op === 'eq' && c.n === 0) return `no ${s} (empty${isGap(c) ? ', a gap between visits' : ''})`;
  if (!('n' in c)) return s;
  const op = { eq: 'exactly', ne: 'other than', lt: 'fewer than', le: 'at most', gt: 'more than', ge: 'at least' }[c.op];
  return `${op} ${c.n} ${c.n === 1 && c.op === 'eq' ? subject(q, false) : s}`;
}

/** A duration condition in words. */
export function durWords(d: DurationCondition): string {
  const op = { eq: 'exactly', ne: 'other than', lt: 'shorter than', le: 'at most', gt: 'longer than', ge: 'at least' }[d.op];
  return `${op} ${d.seconds} s`;
}

/** A visit reference in words. */
export function refWords(r: VisitRef, tz: string): string {
  switch (r.by) {
    case 'nth':
      return `${nth(r.n)} visit${r.where ? ` ${durWords(r.where)}` : ''}${r.order === 'departure' ? ' to end' : r.order === 'sighting' ? ' by last sighting' : ''}`;
    case 'only':
      return 'the only visit';
    case 'arrivedAt':
      return `the visit that began nearest ${clock(r.t, tz)}`;
    case 'leftAt':
      return `the visit that ended nearest ${clock(r.t, tz)}`;
    case 'presentAt':
      return `the visit in progress at ${clock(r.t, tz)}`;
    case 'longest':
    case 'shortest':
      return `the ${r.rank !== undefined && r.rank > 1 ? `${nth(r.rank).replace(/^the /, '')} ` : ''}${r.by} visit`;
    case 'return':
      return 'the first return (a visit by someone seen on an earlier visit, by re-identification)';
    case 'after':
    case 'before':
      return `the ${r.by === 'after' ? 'next visit after' : 'last visit before'} ${r.t !== undefined ? clock(r.t, tz) : r.visit ? refWords(r.visit, tz) : '?'}`;
  }
}

/** Each kind of event in words, plural. */
export const EVENT: Record<EventKind, string> = {
  line_cross: 'line crossings',
  zone_enter: 'zone entries',
  zone_exit: 'zone exits',
  taken: 'times one was taken away',
  returned: 'times one was put back',
  alert: 'alerts fired',
  loud_sound: 'loud sounds',
  speech: 'speech',
};

/** A pick among moments in words: "the first <what>", "the <what> next after 09:01". */
export function pickWords(p: Pick, what: string, tz: string): string {
  return p.by === 'nth' ? `${nth(p.n)} ${what}` : `the ${what} ${p.by === 'after' ? 'next after' : 'last before'} ${clock(p.t, tz)}`;
}

/** A moment in words: "the end of the fourth visit of a person", "the first time one was put back (bottles)". */
export function momentWords(m: Moment, q: Query, tz: string, next: boolean): string {
  const after = next ? ' after that' : '';
  switch (m.kind) {
    case 'start':
      return `the start (${clock(q.time.from, tz)})`;
    case 'end':
      return `the end (${clock(q.time.to - 1, tz)})`;
    case 'arrival':
    case 'departure': {
      const v = m.visit;
      if (m.kind === 'departure' && v.by === 'nth' && v.order === 'departure' && !v.where) return `${nth(v.n)} departure of a ${subject(q, false)}${after}`;
      const ref = next && v.by === 'nth' && v.n === 1 ? 'the next visit' : refWords(v, tz);
      const who = m.look ? { ...q, subject: { ...q.subject, look: m.look } } : q;
      return `the ${m.kind === 'arrival' ? 'start' : 'end'} of ${ref} of a ${subject(who, false)}${after}`;
    }
    case 'event': {
      const what = EVENT[m.event].replace(/s$/, '').replace(/^times/, 'time');
      const together = m.items ? ` (${m.items} or more at once)` : '';
      return `${next && m.pick.by === 'nth' && m.pick.n === 1 ? `the next ${what}` : pickWords(m.pick, what, tz)}${of(m.event, subject(q, true))}${together}${after}`;
    }
    case 'condition': {
      // "since a car was in view": the end of the last stretch with one; "after the longest empty stretch": its end
      const st = m.stretch;
      if (st) return `the ${st.side === 'start' ? 'start' : 'end'} of the ${st.rank && st.rank > 1 ? `${nth(st.rank).replace(/^the /, '')} ` : ''}${st.episode} stretch of ${countWords(m.cond, q)}${after}`;
      return `${next && m.pick.by === 'nth' && m.pick.n === 1 ? 'the next time' : pickWords(m.pick, 'time', tz)} there came to be ${countWords(m.cond, q)}${after}`;
    }
  }
}

/** The time in words. */
export function when(q: Query, tz: string): string {
  if (q.time.at !== undefined) return `at ${clock(q.time.at, tz)}`;
  const a = q.time.after;
  const since = a ? `from ${momentWords(a, q, tz, false)}` : undefined;
  const b = q.time.before;
  if (b) return `from ${clock(q.time.from, tz)} to ${momentWords(b, q, tz, false)}`;
  return since ? `${since} to ${clock(q.time.to - 1, tz)}` : `between ${clock(q.time.from, tz)} and ${clock(q.time.to - 1, tz)}`;
}
