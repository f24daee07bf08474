/**
 * Particle verbs: a verb of motion with a particle says arriving or leaving ("drove off", "walks
 * away", "pulled out" leave; "pulled in", "wandered up", "rolled along" arrive), whatever the verb
 * of motion. The verb is recognised by its root (compromise, lemma.ts), so no inflection is listed.
 * "Go" before a state is becoming it ("went quiet", "go empty"), not leaving, and so is "go back to" a
 * count ("went back to three bottles"); "come back later" is coming back; "go (up) to the table" is
 * arriving there.
 */
import { verbRoots } from './lemma.js';

/** Verbs of motion (roots): on their own they say nothing the memory records. */
const MOTION = new Set(['walk', 'drive', 'ride', 'run', 'go', 'head', 'wander', 'pull', 'stroll', 'step', 'move', 'roll', 'hurry', 'rush', 'dash', 'amble', 'cycle', 'wheel', 'limp', 'march', 'creep', 'sneak', 'scoot', 'zoom', 'speed', 'race', 'stride', 'trot', 'jog', 'saunter', 'drift', 'slip']);
/** Particles of leaving and of arriving. */
const LEAVING = new Set(['off', 'away', 'out']);
const ARRIVING = new Set(['in', 'up', 'along', 'over', 'into', 'onto']);

/** Forms of "go", which before a state say becoming it. */
const GOING = new Set(['go', 'goes', 'went', 'gone', 'going']);
/** Forms of "go" and "get", which before "back to" a count say becoming it. */
const GETTING = new Set([...GOING, 'get', 'gets', 'got', 'gotten', 'getting']);

/** A token as the particle rule reads it. */
interface Tok {
  t: string;
  text: string;
}

/**
 * Reads "<motion verb> <particle>" as a leave or arrive verb: the verb's token becomes the verb,
 * the particle a function word. Changes `toks` in place.
 * @param sentence the normalised sentence (for the verbs' roots)
 */
export function particleVerbs(toks: Tok[], sentence: string): void {
  let roots: Map<string, string> | undefined;
  for (let i = 0; i + 1 < toks.length; i++) {
    const t = toks[i] as Tok;
    const p = toks[i + 1] as Tok;
    // "pulled in" never takes anything (the lexicon's "pull" is a taking): a verb with an arriving particle is read too
    // "come back later": when is the return itself, the particle says nothing more
    if (t.t === 'verb' && (t as Tok & { v?: string }).v === 'return' && p.text === 'later') {
      Object.assign(p, { t: 'skip' });
      continue;
    }
    // ("went completely empty": an adverb of degree between)
    if (t.t === 'verb' && GOING.has(t.text) && (p.t === 'cond' || (p.t === 'skip' && /ly$/.test(p.text) && toks[i + 2]?.t === 'cond'))) {
      Object.assign(t, { v: 'become' });
      continue;
    }
    // "the longest the counter went with nobody at it": going with none there is staying so
    // ("the table was left with nobody at it": a place left so stays so)
    const leftSo = t.text === 'left' && toks[i - 1]?.t === 'aux';
    if (t.t === 'verb' && (GOING.has(t.text) || leftSo) && p.text === 'with' && (toks[i + 2]?.t === 'neg' || /^(?:nobody|noone|no one)$/.test(toks[i + 2]?.text ?? ''))) {
      Object.assign(t, { v: 'stay' });
      continue;
    }
    // "did anyone go (up) to the table": going to a place is arriving there ("went up to three" is a count)
    if (t.t === 'verb' && goingTo(t.text, p) && (p.text === 'to' ? toks[i + 2] : p)?.t !== 'num') {
      const place = p.text === 'to' ? toks[i + 2] : p;
      if (place?.t === 'place' || place?.text === 'the') {
        Object.assign(t, { v: 'arrive' });
        if (p.text === 'to') Object.assign(p, { t: 'skip' });
        continue;
      }
    }
    // "when did the last bottle go back on the shelf": going back is the return
    if (t.t === 'verb' && GOING.has(t.text) && p.t === 'verb' && (p as Tok & { v?: string }).v === 'return' && p.text === 'back') {
      Object.assign(t, { t: 'skip' });
      continue;
    }
    // "go back to three bottles", "got back to two": becoming that count ("went back to the shelf" is a return)
    const count = toks[i + 2];
    if (GETTING.has(t.text) && p.t === 'verb' && p.text === 'back to') {
      Object.assign(t, { t: 'skip' });
      continue;
    }
    if (t.t === 'verb' && (t as Tok & { v?: string }).v === 'return' && p.text === 'to' && (count?.t === 'num' || count?.t === 'cmp')) {
      Object.assign(t, { v: 'become' });
      continue;
    }
    const taking = t.t === 'verb' && (t as Tok & { v?: string }).v === 'take' && ARRIVING.has(p.text);
    if ((t.t !== 'skip' && t.t !== 'word' && !taking) || t.text.includes(' ') || (!LEAVING.has(p.text) && !ARRIVING.has(p.text))) continue;
    roots ??= verbRoots(sentence);
    const root = MOTION.has(t.text) ? t.text : roots.get(t.text);
    if (root === undefined || !MOTION.has(root)) continue;
    Object.assign(t, { t: 'verb', v: LEAVING.has(p.text) ? 'leave' : 'arrive' });
    Object.assign(p, { t: 'skip' });
  }
}

/** Whether a verb token's text and the token after it say going to somewhere: "go" then "to", or "went up to" (one token). */
function goingTo(text: string, next: Tok): boolean {
  if (GOING.has(text)) return next.text === 'to';
  const [verb, ...rest] = text.split(' ');
  return GOING.has(verb ?? '') && /^(?:up|over|across) to$/.test(rest.join(' '));
}
