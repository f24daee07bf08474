/**
 * A structured rule in plain words, for the "Read as: ..." line shown before a rule is saved: the
 * same line, in the same style, as an answer starts with ("Read as: alert when fewer than 3
 * bottles are in zone bench for 2 s or longer (assumed: ...)."). Written from the rule itself, so
 * a rule the language model proposed reads the same way as one read from words.
 */
import type { AlertRule, CountOp } from '../api/wire.js';
import { pluralOf } from './words.js';

const OP_WORDS: Record<CountOp, string> = { ge: 'at least', gt: 'more than', le: 'at most', lt: 'fewer than', eq: 'exactly', ne: 'other than' };

/** "zone bench of camera shelf", "camera shelf", "any camera". */
function where(r: AlertRule): string {
  const cam = r.camera ? `camera ${r.camera}` : 'any camera';
  return r.zone ? `zone ${r.zone} of ${cam}` : cam;
}

/** The rule's condition: "fewer than 3 bottles are in zone bench of any camera for 2 s or longer". */
function condition(r: AlertRule): string {
  const label = r.class ?? 'object';
  const t = r.trigger;
  const someOne = r.class ? `a ${label}` : 'an object';
  switch (t.type) {
    case 'count': {
      const none = t.op === 'eq' && t.n === 0;
      const one = t.n === 1 && t.op !== 'gt';
      const n = none ? `no ${pluralOf(label)}` : `${OP_WORDS[t.op]} ${t.n} ${one ? label : pluralOf(label)}`;
      const verb = one ? 'is' : 'are';
      return `${n} ${verb} in ${where(r)}${t.forSeconds ? ` for ${t.forSeconds} s or longer` : ''}`;
    }
    case 'dwell':
      return `${someOne} stays in ${r.zone ? where(r) : `view of ${r.camera ? `camera ${r.camera}` : 'any camera'}`} for ${t.seconds} s or longer`;
    case 'absence':
      return `no ${pluralOf(label)} are in ${where(r)} for ${t.seconds} s or longer`;
    case 'line':
      return `${someOne} crosses line ${t.line}${t.direction && t.direction !== 'any' ? ` going ${t.direction}` : ' either way'} on ${r.camera ? `camera ${r.camera}` : 'any camera'}`;
    case 'sound':
      return `a loud sound is heard on ${r.camera ? `camera ${r.camera}` : 'any camera'}${t.minDbfs !== undefined ? ` (at least ${t.minDbfs} dBFS)` : ''}`;
  }
}

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** ", between 19:00 and 00:00 (local time), on Mon, Tue". */
function active(r: AlertRule): string {
  const w = r.timeOfDay;
  if (!w) return '';
  const hours = w.from === w.to ? '' : `, between ${w.from} and ${w.to} local time`;
  const days = w.days ? `, on ${w.days.map((d) => DAY_NAMES[d] ?? String(d)).join(', ')}` : '';
  return `${hours}${days}`;
}

/**
 * The Read-as line of a rule: "Read as: alert when ... (assumed: ...)."
 * @param assumed what the reading took for granted, as answers list it
 */
export function ruleReadAs(r: AlertRule, assumed: readonly string[] = []): string {
  return `Read as: alert when ${condition(r)}${active(r)}${assumed.length > 0 ? ` (assumed: ${assumed.join('; ')})` : ''}.`;
}
