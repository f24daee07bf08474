/**
 * A query in plain words, for the "Read as: ..." line every answer starts with, so a person sees
 * at once which question was answered.
 */
import { hasBody, lookWords } from './look.js';
import { formatLocal } from '../time.js';
import type { CountCondition, DurationCondition, EventKind, Moment, Pick, Query, VisitRef } from './schema.js';

const ORD = ['', 'first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** "the 3rd", "the last", "the one before last". */
function nth(n: number): string {
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

/** The subject in words. */
/** The subject after an event's name, as " (people)"; nothing for sounds and speech, which have none. */
function of(event: string | undefined, sn: string): string {
  return event === 'loud_sound' || event === 'speech' ? '' : ` (${sn})`;
}

function subject(q: Query, plural: boolean): string {
  const c = q.subject.classes;
  if (c.length === 0) return plural ? 'objects' : 'an object';
  const name = (l: string): string => (plural ? (l === 'person' ? 'people' : /(?:s|x|ch|sh)$/.test(l) ? `${l}es` : `${l}s`) : l);
  const look = q.subject.look;
  if (look) return `${c.map(name).join(' or ')} ${c.every(hasBody) ? `coloured ${lookWords(look)}` : `dressed ${lookWords(look)}`}`;
  return c.map(name).join(' or ');
}

/** The place in words. */
function place(q: Query): string {
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
  if (c.op === 'eq' && c.n === 0) return `no ${s} (empty)`;
  if (!('n' in c)) return s;
  const op = { eq: 'exactly', ne: 'other than', lt: 'fewer than', le: 'at most', gt: 'more than', ge: 'at least' }[c.op];
  return `${op} ${c.n} ${c.n === 1 && c.op === 'eq' ? subject(q, false) : s}`;
}

/** A duration condition in words. */
function durWords(d: DurationCondition): string {
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
    case 'after':
    case 'before':
      return `the ${r.by === 'after' ? 'next visit after' : 'last visit before'} ${r.t !== undefined ? clock(r.t, tz) : r.visit ? refWords(r.visit, tz) : '?'}`;
  }
}

const EVENT: Record<EventKind, string> = {
  line_cross: 'line crossings',
  zone_enter: 'zone entries',
  zone_exit: 'zone exits',
  taken: 'times one was taken away',
  returned: 'times one was put back',
  alert: 'alerts fired',
  loud_sound: 'loud sounds',
  speech: 'speech',
};

function pickWords(p: Pick, what: string, tz: string): string {
  return p.by === 'nth' ? `${nth(p.n)} ${what}` : `the ${what} ${p.by === 'after' ? 'next after' : 'last before'} ${clock(p.t, tz)}`;
}

/** A moment in words: "the end of the fourth visit of a person", "the first time one was put back (bottles)". */
function momentWords(m: Moment, q: Query, tz: string, next: boolean): string {
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
      return `the ${m.kind === 'arrival' ? 'start' : 'end'} of ${ref} of a ${subject(q, false)}${after}`;
    }
    case 'event': {
      const what = EVENT[m.event].replace(/s$/, '').replace(/^times/, 'time');
      return `${next && m.pick.by === 'nth' && m.pick.n === 1 ? `the next ${what}` : pickWords(m.pick, what, tz)}${of(m.event, subject(q, true))}${after}`;
    }
    case 'condition':
      return `${next && m.pick.by === 'nth' && m.pick.n === 1 ? 'the next time' : pickWords(m.pick, 'time', tz)} there came to be ${countWords(m.cond, q)}${after}`;
  }
}

/** The time in words. */
function when(q: Query, tz: string): string {
  if (q.time.at !== undefined) return `at ${clock(q.time.at, tz)}`;
  return `between ${clock(q.time.from, tz)} and ${clock(q.time.to - 1, tz)}`;
}

/** The query as one phrase: "visits by a person to camera table between 09:00:00 and 09:01:00". */
export function describeQuery(q: Query, tz: string): string {
  const ignored = q.subject.look?.ignored ?? [];
  const note = ignored.length > 0 ? ` (${ignored.map((w) => `"${w}"`).join(', ')} narrowed nothing: the detector sees a person's colours, not ${ignored.length === 1 ? 'that' : 'those'})` : '';
  return describeBody(q, tz) + note;
}

function describeBody(q: Query, tz: string): string {
  const m = q.measure;
  const at = `at ${place(q)}`;
  const s1 = subject(q, false);
  const sn = subject(q, true);
  const t = when(q, tz);
  switch (m.measure) {
    case 'count': {
      const where = m.where ? ` that lasted ${durWords(m.where)}` : '';
      if (m.of === 'events' && (m.event === 'taken' || m.event === 'returned')) {
        const done = m.event === 'taken' ? 'taken away' : 'put back';
        return m.moments ? `the number of times ${sn} were ${done} (several at once count once) ${at} ${t}` : `the number of ${sn} ${done} (items) ${at} ${t}`;
      }
      if (m.of === 'events') return m.distinct ? `the number of different ${sn} with ${EVENT[m.event ?? 'line_cross']} ${at} ${t}` : `the number of ${EVENT[m.event ?? 'line_cross']}${of(m.event, sn)} ${at} ${t}`;
      if (m.of === 'identities') return `the number of different ${sn} (identities after re-identification) ${at} ${t}`;
      if (m.of === 'visits') return `the number of visits (arrivals) by ${sn}${where} ${at} ${t}`;
      if (m.of === 'departures') return `the number of departures of ${sn} ${at} ${t}`;
      return `the number of visits by ${sn} in progress ${at} ${t}`;
    }
    case 'countAt':
      return `how many ${sn} were ${at} ${t}`;
    case 'extreme':
      if (m.which === 'avg') return `the number of ${sn} there on average (over time) ${at} ${t}`;
      return `the ${m.which === 'max' ? 'most' : 'fewest'} ${sn} at once ${at} ${t}`;
    case 'missing':
      return `how many ${sn} were missing from the usual count ${at} ${t}`;
    case 'whether': {
      const x = m.test;
      if (x.kind === 'count' && x.lasting) return `whether there were ${countWords(x.cond, q)} ${at} for ${durWords(x.lasting)} at a stretch ${t}`;
      if (x.kind === 'count') return `whether there were ${countWords(x.cond, q)} ${at} ${x.all ? 'all the time ' : q.time.at === undefined ? 'at some moment ' : ''}${t}`;
      if (x.kind === 'visit' && x.count) return `whether the number of arrivals of ${sn} ${at} ${t} was ${{ eq: 'exactly', ne: 'other than', lt: 'fewer than', le: 'at most', gt: 'more than', ge: 'at least' }[x.count.op]} ${x.count.n}`;
      if (x.kind === 'events') return `whether ${{ eq: 'as many', ne: 'not as many', lt: 'fewer', le: 'at most as many', gt: 'more', ge: 'at least as many' }[x.op]} ${sn} were ${x.a === 'taken' ? 'taken away' : x.a === 'returned' ? 'put back' : EVENT[x.a]} than ${x.b === 'taken' ? 'taken away' : x.b === 'returned' ? 'put back' : EVENT[x.b]} ${at} ${t}`;
      if (x.kind === 'compare') return `whether ${refWords(x.a, tz)} of a ${s1} ${at} lasted ${{ eq: 'as long as', ne: 'not as long as', lt: 'less than', le: 'at most as long as', gt: 'longer than', ge: 'at least as long as' }[x.op]} ${refWords(x.b, tz)} (${t})`;
      if (x.kind === 'visitTime') return `whether ${refWords(x.visit, tz)} of a ${s1} ${at} ${x.moment === 'presence' ? 'was in progress at' : `${x.moment === 'arrival' ? 'began' : 'ended'} ${x.side ?? 'before'}`} ${clock(x.t, tz)} (${t})`;
      if (x.kind === 'length') return `whether ${refWords(x.visit, tz)} of a ${s1} ${at} lasted ${durWords(x.where)} (${t})`;
      if (x.kind === 'visit') return `whether a ${s1} visited ${at}${x.where ? ` for ${durWords(x.where)}` : ''} ${t}`;
      return `whether there were ${EVENT[x.event]}${of(x.event, sn)} ${at} ${t}`;
    }
    case 'when': {
      const o = m.of;
      if (o.kind === 'arrival' || o.kind === 'departure') return `when ${refWords(o.visit, tz)} of a ${s1} ${at} ${o.kind === 'arrival' ? 'began' : 'ended'} (${t})`;
      if (o.kind === 'event') return `the time of ${pickWords(o.pick, EVENT[o.event].replace(/s$/, '').replace(/^times/, 'time'), tz)}${of(o.event, sn)} ${at} ${t}`;
      if (o.kind !== 'condition') return '';
      return `when ${pickWords(o.pick, `time there came to be ${countWords(o.cond, q)}`, tz)} ${at} ${t}`;
    }
    case 'duration': {
      const o = m.of;
      if (o.kind === 'visit') return `how long ${refWords(o.visit, tz)} of a ${s1} ${at} lasted (${t})`;
      if (o.kind === 'visits') return `the ${{ avg: 'average', total: 'total', max: 'longest', min: 'shortest' }[o.agg]} length of ${o.nths ? `the ${o.nths.map((n) => nth(n).replace(/^the /, '')).join(', ').replace(/, ([^,]*)$/, ' and $1')} visits (by arrival) of ${sn}` : `visits by ${sn}`} ${at} ${t}`;
      const rank = o.rank !== undefined && o.rank > 1 ? `${nth(o.rank).replace(/^the /, '')} ` : '';
      const stretch = o.episode === 'current' ? 'the stretch going on at the end' : o.episode ? `the ${rank}${o.episode} stretch` : o.lasting ? 'in total' : '';
      const lasting = o.lasting ? ` of the stretches ${durWords(o.lasting)}` : '';
      return `how long there were ${countWords(o.cond, q)} ${at} ${t}${stretch ? ` (${stretch}${lasting})` : ''}`;
    }
    case 'elapsed':
      return `the time from ${momentWords(m.from, q, tz, false)} to ${momentWords(m.to, q, tz, m.next === true)} ${at} (${t})`;
    case 'times':
      return `how many times there came to be ${countWords(m.cond, q)}${m.lasting ? ` for ${durWords(m.lasting)} at a stretch` : ''}${m.change === 'drop' ? ' (by a drop)' : m.change === 'rise' ? ' (by a rise)' : m.change ? ' (by a change)' : ''} ${at} ${t}`;
    case 'list':
      return `the ${m.of === 'events' ? (m.event ? EVENT[m.event] : 'events') : m.of === 'identities' ? 'different' : 'visits of'} ${sn} ${at} ${t}`;
    case 'visit':
      return `${refWords(m.visit, tz)} of a ${s1} ${at} ${t}`;
    case 'compare':
      return `whether ${describeQuery({ ...q, measure: m.of }, tz)} was ${m.op === 'gt' ? 'more' : 'less'} than the same ${when({ ...q, time: { from: m.other.from, to: m.other.to } }, tz)}`;
  }
}
