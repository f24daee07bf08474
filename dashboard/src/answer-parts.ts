/**
 * An answer taken apart for reading at a glance: the value first, then how the question was read,
 * then the rest of the text (notes). Offline answers say where their "Read as" sentence ends
 * (`readAs`); other answers are shown whole under their value when it is a number or yes/no.
 */
import type { Answer } from '../../planner/answer.js';
import { duration, localiseIso, timeZone } from './format.js';

/** An answer as the daemon sends it: offline answers add their Read-as sentence. */
export type ShownAnswer = Answer & { readAs?: string };

/** The parts shown. */
export interface AnswerParts {
  /** The value, big (`3`, `Yes`, `4 min 5 s`, `At 2026-11-25 18:42:40`); null when there is none to show big. */
  value: string | null;
  /** The sentence the value comes from, when it says more than the value (a visit, a list). */
  detail: string | null;
  /** List items (the sentence of a list answer, split). */
  items: string[];
  /** How the question was read (the whole sentence, "Read as: ..."). */
  readAs: string | null;
  /** Everything else the answer says. */
  notes: string;
}

/** Text in the dashboard's one time format: ISO times localised; milliseconds and the zone name after times dropped (the header names the zone). */
export function tidy(text: string): string {
  const tz = timeZone().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return localiseIso(text).replace(new RegExp(`(\\d\\d:\\d\\d:\\d\\d)(?:\\.\\d{1,3})? ${tz}(?![\\w/])`, 'g'), '$1');
}

/** First sentence and the rest: sentences end at ". " (values like `4.5 s` have no space after the point). */
function firstSentence(text: string): [string, string] {
  const i = text.indexOf('. ');
  return i < 0 ? [text, ''] : [text.slice(0, i + 1), text.slice(i + 2)];
}

const strip = (s: string): string => s.replace(/\.$/, '');

/** The value to show big, from the value sentence and the machine value. */
function bigValue(a: ShownAnswer, sentence: string): Pick<AnswerParts, 'value' | 'detail' | 'items'> {
  const v = a.value as unknown;
  if (v && typeof v === 'object' && 'seconds' in v && typeof v.seconds === 'number') {
    return { value: duration((v as { seconds: number }).seconds), detail: strip(sentence), items: [] };
  }
  const list = /^(\d+): (.*)$/s.exec(strip(sentence));
  if (typeof v === 'number' && list && Number(list[1]) === v) return { value: String(v), detail: null, items: (list[2] ?? '').split('; ') };
  if (v === null) return { value: null, detail: strip(sentence), items: [] };
  return { value: strip(sentence), detail: null, items: [] };
}

/** Takes an answer apart (texts tidied; ids are renamed by the view). */
export function answerParts(a: ShownAnswer): AnswerParts {
  const text = tidy(a.answer);
  const read = a.readAs ? tidy(a.readAs) : null;
  if (read && text.startsWith(read)) {
    const [sentence, notes] = firstSentence(text.slice(read.length).trim());
    return { ...bigValue(a, sentence), readAs: read, notes };
  }
  // no Read-as sentence (a model's answer): the value big when it is plain, the text whole under it
  const plain = typeof a.value === 'number' ? String(a.value) : typeof a.value === 'boolean' ? (a.value ? 'Yes' : 'No') : null;
  return { value: plain, detail: null, items: [], readAs: null, notes: text };
}
