/**
 * Class names as people say them ("people", "bottles", "bike") mapped to detector labels (COCO).
 */
import { COCO_LABELS } from '../ingest/perception/coco.js';

const COCO = new Set(COCO_LABELS);

/** Words meaning "any class". */
const ANY = new Set(['object', 'objects', 'thing', 'things', 'anything', 'something', 'detection', 'detections', 'item', 'items']);

/** Synonyms and irregular plurals. */
const SYNONYMS: Record<string, string> = {
  people: 'person',
  persons: 'person',
  man: 'person',
  men: 'person',
  woman: 'person',
  women: 'person',
  child: 'person',
  children: 'person',
  kid: 'person',
  kids: 'person',
  pedestrian: 'person',
  visitor: 'person',
  customer: 'person',
  worker: 'person',
  human: 'person',
  someone: 'person',
  somebody: 'person',
  anyone: 'person',
  anybody: 'person',
  who: 'person',
  bike: 'bicycle',
  motorbike: 'motorcycle',
  plane: 'airplane',
  aeroplane: 'airplane',
  lorry: 'truck',
  sofa: 'couch',
  television: 'tv',
  phone: 'cell phone',
  'mobile phone': 'cell phone',
  cellphone: 'cell phone',
  smartphone: 'cell phone',
  table: 'dining table',
  plant: 'potted plant',
  glass: 'wine glass',
  ball: 'sports ball',
  mice: 'mouse',
  knives: 'knife',
  'hair dryer': 'hair drier',
  fridge: 'refrigerator',
  doughnut: 'donut',
  'teddy bears': 'teddy bear',
};

/** The result of reading a class phrase. */
export type ClassRef = { kind: 'label'; label: string } | { kind: 'any' } | { kind: 'unknown'; word: string };

function singular(w: string): string | null {
  if (COCO.has(w)) return w;
  const syn = SYNONYMS[w];
  if (syn) return syn;
  for (const [suffix, repl] of [
    ['ies', 'y'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['ses', 's'],
    ['xes', 'x'],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (!w.endsWith(suffix)) continue;
    const s = w.slice(0, -suffix.length) + repl;
    if (COCO.has(s)) return s;
    const ss = SYNONYMS[s];
    if (ss) return ss;
  }
  return null;
}

/**
 * Reads a class phrase: the whole phrase, then its last two words, then its last word.
 * Articles and "different/distinct" are ignored.
 */
export function readClass(phrase: string): ClassRef {
  const words = phrase
    .toLowerCase()
    .replace(/[^a-z ]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !['a', 'an', 'the', 'any', 'some', 'different', 'distinct', 'unique', 'separate', 'individual', 'of'].includes(w));
  if (words.length === 0) return { kind: 'any' };
  const whole = words.join(' ');
  for (const cand of [whole, words.slice(-2).join(' '), words[words.length - 1] ?? '']) {
    if (ANY.has(cand)) return { kind: 'any' };
    const s = singular(cand);
    if (s) return { kind: 'label', label: s };
  }
  const last = words[words.length - 1] ?? whole;
  return { kind: 'unknown', word: singularGuess(last) };
}

/** A readable singular of an unknown noun ("forklifts" -> "forklift"). */
function singularGuess(w: string): string {
  if (w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (/(ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

/** Labels whose plural is not made with -s or -es. */
const IRREGULAR_PLURALS: Record<string, string> = { person: 'people', sheep: 'sheep', skis: 'skis', scissors: 'scissors', knife: 'knives', mouse: 'mice' };

/** Plural of a label for answers (and Home Assistant units). */
export function plural(label: string, n: number): string {
  if (n === 1) return label;
  const irregular = IRREGULAR_PLURALS[label];
  if (irregular) return irregular;
  if (/(ch|sh|s|x)$/.test(label)) return `${label}es`;
  return `${label}s`;
}
