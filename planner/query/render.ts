/**
 * The one renderer: an executed query becomes the answer every interface returns. The text starts
 * with how the question was read ("Read as: ..."), then the answer, then caveats; the machine
 * value is a number, boolean, ISO time, seconds or a visit, as `Answer.value` documents.
 */
import type { Coverage } from '../../memory/types.js';
import type { DraftAnswer } from '../answer.js';
import type { RefusalCode } from '../errors.js';
import { formatLocal } from '../time.js';
import { describeQuery } from './describe.js';
import type { Executed } from './executed.js';
import type { EventFact, IdentityFact, Query, VisitFact } from './schema.js';

export type { Executed } from './executed.js';

const iso = (t: number): string => new Date(t).toISOString();
const secs = (s: number): string => `${Math.round(s * 10) / 10} s`;

/** Options of `renderAnswer`. */
export interface RenderOptions {
  timeZone: string;
  /** The yes/no answer is negated ("was nobody there"). */
  negate?: boolean;
  /** Defaults the reading took. */
  assumed?: string[];
  /** Extra sentences (e.g. the identities beside a visit count). */
  extra?: string[];
}

/** Renders an executed query as an answer. */
export function renderAnswer(q: Query, x: Executed, o: RenderOptions): DraftAnswer {
  const tz = o.timeZone;
  const at = (t: number): string => formatLocal(t, tz);
  const read = `Read as: ${describeQuery(q, tz)}${o.assumed && o.assumed.length > 0 ? ` (assumed: ${o.assumed.join('; ')})` : ''}.`;
  const v = x.value;
  let text: string;
  let value: DraftAnswer['value'];
  switch (v.kind) {
    case 'number':
      value = v.unit === 'seconds' ? Math.round(v.n * 10) / 10 : Math.round(v.n * 1000) / 1000;
      text = v.unit === 'seconds' ? `${secs(v.n)}.` : `${value}.`;
      break;
    case 'boolean': {
      const b = o.negate ? !v.b : v.b;
      value = b;
      text = `${b ? 'Yes' : 'No'}${o.negate ? ' (the question asks whether not)' : ''}.`;
      break;
    }
    case 'time':
      value = iso(v.t);
      text = `At ${at(v.t)}.`;
      break;
    case 'visit': {
      const s = (v.visit.end - v.visit.start) / 1000;
      value = { start: iso(v.visit.start), end: iso(v.visit.end), seconds: Math.round(s * 10) / 10 } as unknown as DraftAnswer['value'];
      text = `${visitText(v.visit, at)}.`;
      break;
    }
    case 'list':
      value = v.total;
      text = v.total === 0 ? 'None.' : `${v.total}: ${v.items.slice(0, 12).map((i) => itemText(i, at)).join('; ')}${v.total > 12 ? '; ...' : ''}.`;
      break;
    case 'none':
      value = null;
      text = v.code ? `I could not answer: ${v.why}.` : `I cannot tell: ${v.why}.`;
      break;
  }
  const parts = [read, text, ...(o.extra ?? []), ...x.notes.map((n) => (/[.!?]$/.test(n) ? n : `${n}.`))];
  // a coded refusal (the memory no longer keeps that time) is a refusal, with its code
  const refusal = v.kind === 'none' && v.code ? { refused: true, code: v.code, refusal: { code: v.code, why: v.why } } : {};
  return { answer: parts.join(' '), value, evidence: x.evidence, coverage: x.coverage, ...refusal };
}

/** A visit: its object (views that show answers name it as a person would: "the 3rd visitor, arrived ..."), where and when. */
function visitText(v: VisitFact, at: (t: number) => string): string {
  return `${v.objectId} (${v.label}) on ${v.camera}${v.zone ? ` in zone ${v.zone}` : ''} ${v.open ? `from ${at(v.start)}, still there, ${secs((v.end - v.start) / 1000)} so far` : `from ${at(v.start)} to ${at(v.end)}, ${secs((v.end - v.start) / 1000)}${v.cut ? ' (the daemon stopped while it was there)' : ''}`}`;
}

function itemText(i: VisitFact | EventFact | IdentityFact, at: (t: number) => string): string {
  if ('ts' in i) return `${at(i.ts)} ${String(i.kind).replace('_', ' ')}${i.n && i.n > 1 ? ` x${i.n}` : ''}${i.label ? ` ${i.label}` : ''}${i.line ? ` line ${i.line}` : ''}${i.direction ? ` ${i.direction}` : ''}${i.zone ? ` zone ${i.zone}` : ''} on ${i.camera}`;
  if ('visits' in i) return `${i.objectId} (${i.label}, ${i.visits} visit${i.visits === 1 ? '' : 's'}, ${at(i.firstSeen)} to ${at(i.lastSeen)})`;
  return visitText(i, at);
}

/** A refusal: one line on what was not understood, then example questions from this memory; its code and line also as `refusal`. */
export function renderRefusal(r: { code: RefusalCode; why: string }, examples: string[], coverage: Coverage): DraftAnswer {
  const ex = examples.length > 0 ? ` You can ask, for example: ${examples.map((e) => `"${e}"`).join(', ')}.` : '';
  return { answer: `I could not answer: ${r.why}.${ex}`, value: null, evidence: [], coverage, refused: true, examples, refusal: { code: r.code, why: r.why } };
}
