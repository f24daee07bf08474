/**
 * The composer's step for how the subject looks: the question's `look` tokens (scan-look.ts)
 * become the subject's look, or a refusal that says why none can be read: a colour not named, a
 * worn thing whose colour is not measured, a class that has no named colours, two descriptions.
 */
import { all, use, type Ctx } from './ctx.js';
import { LOOK_LABELS } from './look.js';
import type { Refused } from './parse-types.js';
import type { Look } from './schema.js';
import type { Token } from './scan.js';

/** `"a", "b"`. */
const quoteList = (ws: readonly string[]): string => [...new Set(ws)].map((w) => `"${w}"`).join(', ');

/** The subject's look (undefined when the question describes none), or a refusal. */
export function composeLook(c: Ctx, classes: readonly string[]): { look?: Look } | Refused {
  // (a look a moment of the question used is that moment's: "after the woman in grey left")
  const looks = all(c, 'look').filter((t) => !c.used.has(t.i));
  if (looks.length === 0) return {};
  use(c, ...looks);
  const [l, other] = looks;
  if (!l) return {};
  if (other) return { ok: false, code: 'SEVERAL_LOOKS', why: `the question describes several looks (${quoteList(looks.map((x) => x.text))}); ask about one at a time` };
  if (l.v.unjudged) return { ok: false, code: 'LOOK_UNNAMED', why: `"${l.v.unjudged}" is not something Vigil names: it names the basic colours (black, white, grey, red, orange, yellow, green, blue, purple, pink, brown) of a person's top and bottom half and of a vehicle` };
  const unnamed = classes.filter((k) => !LOOK_LABELS.has(k));
  if (classes.length === 0 || unnamed.length > 0) return { ok: false, code: 'LOOK_CLASS', why: `colours are named only for people and vehicles, not for ${quoteList(unnamed.length > 0 ? unnamed : ['anything'])}` };
  return { look: lookOf(l) };
}

/** The look a `look` token says: its colours, its words, and the words that narrowed nothing. */
export function lookOf(l: Extract<Token, { t: 'look' }>): Look {
  return { colours: l.v.colours, said: l.v.said, ...(l.v.ignored.length > 0 ? { ignored: l.v.ignored } : {}) };
}
