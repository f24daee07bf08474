/**
 * The token kinds of the question lexicon. A leaf module: the lexicon (`lexicon.ts`) and its
 * phrase list (`lexicon-phrases.ts`) both use these types, and it imports nothing.
 */

/** A lexicon entry: a token kind and its value. */
export type Lex =
  | { t: 'head'; v: 'howmany' | 'when' | 'howlong' | 'who' | 'which' | 'what' | 'list' | 'howoften' }
  | { t: 'aux'; v: 'present' | 'past' }
  | { t: 'verb'; v: Verb }
  | { t: 'cond'; v: 'empty' | 'occupied' | 'missing' | 'full' | 'lowest' | 'highest'; /** said by a gap word: a stretch between visits */ gap?: true }
  | { t: 'cmp'; v: 'gt' | 'ge' | 'lt' | 'le' | 'eq' }
  | { t: 'agg'; v: 'avg' | 'total' | 'max' | 'min' }
  | { t: 'super'; v: 'longest' | 'shortest' }
  /** "The busiest (minute)": the span with the most arrivals. */
  | { t: 'busy' }
  | { t: 'ord'; v: number }
  | { t: 'num'; v: number }
  | { t: 'unit'; v: number }
  | { t: 'once' }
  | { t: 'distinct' }
  | { t: 'rel' }
  | { t: 'neg' }
  | { t: 'rank'; v: 'after' | 'before' }
  | { t: 'dir'; v: 'forward' | 'backward' }
  | { t: 'instant'; v: 'now' | 'start' | 'end' }
  /** A place word with no name ("here", "in the picture"); `across`: every camera added up ("across all cameras"). */
  | { t: 'here'; v?: 'across' }
  | { t: 'visitnoun' }
  /** `occasion`: the question counts occasions ("on how many occasions", "separate times"), not items. */
  | { t: 'timesnoun'; v?: 'occasion' }
  /** A span between two moments: "until/till" (from the start), "since" (to the end), "between" (from one to another). */
  | { t: 'elapse'; v: 'until' | 'since' | 'between' }
  /** The start or the end of a state's stretch, said by a verb ("when did the longest empty stretch begin / end"). */
  | { t: 'edge'; v: 'start' | 'end' }
  /** The covered time beside a window said before it ("than in the rest of the recording"). */
  | { t: 'rest' }
  | { t: 'and' }
  | { t: 'all' }
  | { t: 'always' }
  /** "The same (car)": one identity across visits. */
  | { t: 'same' }
  | { t: 'skip' };

/** What a verb says happened. */
export type Verb = 'arrive' | 'leave' | 'stay' | 'see' | 'be' | 'take' | 'return' | 'cross' | 'enter' | 'exit' | 'drop' | 'rise' | 'become' | 'happen' | 'count' | 'sound';
