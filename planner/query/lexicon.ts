/**
 * The words the question parser knows, by what they mean. Phrases of several words are matched
 * before single words (longest first). A word that is in none of these lists and is not a name
 * from the memory is not understood, and the question is refused with that word named.
 */

import type { Lex, Verb } from './lexicon-types.js';

export type { Lex, Verb } from './lexicon-types.js';

const V = (v: Verb): Lex => ({ t: 'verb', v });

export { PHRASES } from './lexicon-phrases.js';

const words = (list: string, lex: Lex): [string, Lex][] => list.split(/\s+/).filter(Boolean).map((w) => [w, lex]);

/**
 * Single words. A verb's inflections that compromise reads as their root (lemma.ts) need no entry
 * ("stood", "picked", "disappeared"); the common ones stay listed, so most questions never load it.
 */
export const WORDS: Record<string, Lex> = Object.fromEntries([
  ['when', { t: 'head', v: 'when' }],
  ['who', { t: 'head', v: 'who' }],
  ['whom', { t: 'head', v: 'who' }],
  ['which', { t: 'head', v: 'which' }],
  ['what', { t: 'head', v: 'what' }],
  ['list', { t: 'head', v: 'list' }],
  ['show', { t: 'head', v: 'list' }],
  ['count', { t: 'head', v: 'howmany' }],
  ['duration', { t: 'head', v: 'howlong' }],
  ['length', { t: 'head', v: 'howlong' }],
  ['occupancy', { t: 'head', v: 'howmany' }],
  ['headcount', { t: 'head', v: 'howmany' }],
  ['number', { t: 'head', v: 'howmany' }],
  ['use', V('be')],
  ['used', V('be')],
  ['using', V('be')],
  ['new', { t: 'verb', v: 'arrive' }],
  ['next', { t: 'ord', v: 1 }],
  ...words('is are am', { t: 'aux', v: 'present' }),
  ...words('was were', { t: 'aux', v: 'past' }),
  ...words('do does', { t: 'aux', v: 'present' }),
  ...words('did has have had', { t: 'aux', v: 'past' }),
  ...words('arrive arrives arrived arriving arrival arrivals come comes came coming enter enters entering entry visit visits visited visiting visitor visitors appear appears appeared appearing approach approached approaches', V('arrive')),
  ...words('leave leaves left leaving depart departs departed departing departure departures exit exits exited exiting disappear disappears vanish vanished go went gone', V('leave')),
  ...words('sitting waits park parks parked lasted lasts lasting stay stays stayed staying spend spends spending remain remains remained remaining wait waits waited waiting linger lingered dwell dwelled dwelt stand stands standing stood sit', V('stay')),
  ...words('see sees saw seen spot spotted detect detects detected notice noticed observe observed record recorded capture captured catch caught visible present pass passed passing', V('see')),
  ...words('be been being there', V('be')),
  ...words('take takes taken remove removes removed removing removal removals grab grabbed grabs grab pick picks picked lift lifted steal stole stolen moved snatch snatched snatches nab nabbed swipe swiped pull pulled withdraw withdrew withdrawn lose loses lost losing', V('take')),
  ...words('return returns returned returning replace replaced replaces restore restored restock restocks restocking refill refilled replenish replenished', V('return')),
  // "when was it back": a return (never dropped: a question without it asks about the leaving)
  ['back', V('return')],
  ...words('cross crosses crossed crossing crossings', V('cross')),
  ...words('drop drops dropped fall falls fell decrease decreased shrink', V('drop')),
  ...words('rise rises rose increase increased grow grew climb climbed', V('rise')),
  ...words('become became becomes get got turn turned reach reached', V('become')),
  ...words('happen happens happened occur occurred', V('happen')),
  ...words('noise noises noisy loud sound sounds bang bangs banged beep beeps beeped crash crashes crashed shout shouts shouted scream screams screamed', V('sound')),
  ...words('empty vacant unoccupied free deserted unattended unmanned unstaffed unused idle quiet clear', { t: 'cond', v: 'empty' }),
  // "how long was the yard without a car": none of them there
  ['without', { t: 'cond', v: 'empty' }],
  ...words('occupied busy taken-up attended manned', { t: 'cond', v: 'occupied' }),
  ...words('missing absent lacking', { t: 'cond', v: 'missing' }),
  ...words('full complete', { t: 'cond', v: 'full' }),
  ...words('average mean typical avg', { t: 'agg', v: 'avg' }),
  ...words('total altogether overall combined cumulative', { t: 'agg', v: 'total' }),
  ...words('maximum max most peak highest largest biggest greatest', { t: 'agg', v: 'max' }),
  ...words('minimum min fewest least lowest smallest', { t: 'agg', v: 'min' }),
  // "were more bottles taken than put back": two counts compared (read only so)
  ...words('more', { t: 'cmp', v: 'gt' }),
  ...words('fewer less', { t: 'cmp', v: 'lt' }),
  // ("the slowest car": the one longest in view; "the fastest": the shortest)
  ...words('longest slowest', { t: 'super', v: 'longest' }),
  ...words('busiest', { t: 'busy' }),
  ...words('shortest briefest quickest fastest', { t: 'super', v: 'shortest' }),
  ['together', { t: 'once' }],
  ['simultaneously', { t: 'once' }],
  ['concurrently', { t: 'once' }],
  // "full again", "empty again": a change into the state, not the state the window began in
  ['again', V('become')],
  ...words('overlap overlaps overlapped overlapping', { t: 'once' }),
  ...words('different distinct unique individual separate', { t: 'distinct' }),
  ...words('that whoever', { t: 'rel' }),
  ...words('not no never nobody none nothing neither', { t: 'neg' }),
  ...words('after following', { t: 'rank', v: 'after' }),
  ...words('before preceding', { t: 'rank', v: 'before' }),
  ...words('forward forwards', { t: 'dir', v: 'forward' }),
  ...words('backward backwards reverse', { t: 'dir', v: 'backward' }),
  ...words('now currently presently current ongoing', { t: 'instant', v: 'now' }),
  ...words('initially', { t: 'instant', v: 'start' }),
  ...words('finally', { t: 'instant', v: 'end' }),
  ...words('here', { t: 'here' }),
  ...words('visit visits trip trips passes footfall traffic appearance appearances', { t: 'visitnoun' }),
  ...words('times instances', { t: 'timesnoun' }),
  ...words('occasions occasion', { t: 'timesnoun', v: 'occasion' }),
  ...words('until till til', { t: 'elapse', v: 'until' }),
  ...words('since', { t: 'elapse', v: 'since' }),
  ...words('between', { t: 'elapse', v: 'between' }),
  ...words('and', { t: 'and' }),
  ...words('all', { t: 'all' }),
  ...words('always throughout continuously constantly nonstop', { t: 'always' }),
  ...words('s sec secs second seconds', { t: 'unit', v: 1 }),
  ...words('m min mins minute minutes', { t: 'unit', v: 60 }),
  ...words('h hr hrs hour hours', { t: 'unit', v: 3600 }),
  // function words and politeness: they carry no meaning of their own here
  ...words(
    'the a an of in on at to by from for with into onto inside within near beside around about it its this these those them they their he she him her his hers someone\'s its ' +
      'any some each every ever yet still also too else please thanks thank you me i we us our my can could would will should may might ' +
      'untouched undisturbed kindly shortly immediately slightly very quite rather fairly then than so as just really actually exactly roughly approximately about around whole entire completely totally period during while throughout ' +
      'stretch stretches spell spells periods straight gap gaps lull lulls eventually already ' +
      'place area spot scene view frame camera cameras cam cams video footage clip recording tape picture time moment point day today ' +
      'many much there\'s whats what\'s one\'s out up down off away along right ' +
      'per through past via across going walk walks walked walking drive drives drove driving ride rode riding run ran running go-by by-passing',
    { t: 'skip' },
  ),
] as [string, Lex][]);

/**
 * Chat shorthand and phonetic spellings ("rite now", "tonite"), and the commonest letter slips of short words, which edit distance leaves alone
 * (words of 3 letters or fewer are never corrected): read as the word, and said in the answer.
 */
export const SHORTHAND: Record<string, string> = {
  hw: 'how', hou: 'how', ppl: 'people', ppls: 'people', pple: 'people', wen: 'when', whn: 'when', wn: 'when', teh: 'the', hte: 'the',
  wat: 'what', wht: 'what', wot: 'what', u: 'you', ur: 'your', bfr: 'before', aftr: 'after', thru: 'through', abt: 'about',
  btwn: 'between', betw: 'between', b4: 'before', any1: 'anyone', some1: 'someone', ne1: 'anyone', every1: 'everyone', no1: 'nobody', '2day': 'today', tmrw: 'tomorrow', tmr: 'tomorrow', tdy: 'today',
  rite: 'right', nite: 'night', tonite: 'tonight', wer: 'were', wre: 'were', ws: 'was', rm: 'room', rms: 'rooms', tme: 'time', tym: 'time', pls: 'please', plz: 'please', lst: 'last', frst: 'first', mny: 'many', nbr: 'number', nr: 'number', num: 'number', cnt: 'count',
};

/** Number words. */
export const NUMBERS: Record<string, number> = {
  zero: 0, none: 0, one: 1, single: 1, two: 2, both: 2, pair: 2, couple: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90, hundred: 100,
};

/** Ordinal words (1-based; -1 is the last). */
export const ORDINALS: Record<string, number> = {
  first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12,
  last: -1, latest: -1, final: -1, penultimate: -2, earliest: 1, initial: 1,
};

/** Class groups and words people use for classes, to detector labels (labels are also matched as themselves, singular or plural). */
export const CLASS_WORDS: Record<string, string[]> = {
  person: ['person'], people: ['person'], persons: ['person'], someone: ['person'], somebody: ['person'], anyone: ['person'], anybody: ['person'],
  everyone: ['person'], everybody: ['person'], nobody: ['person'], visitor: ['person'], visitors: ['person'], worker: ['person'], workers: ['person'],
  guy: ['person'], guys: ['person'], human: ['person'], humans: ['person'],
  individual: ['person'], individuals: ['person'], customer: ['person'], customers: ['person'], shopper: ['person'], shoppers: ['person'],
  pedestrian: ['person'], pedestrians: ['person'], staff: ['person'], employee: ['person'], employees: ['person'],
  operator: ['person'], operators: ['person'], guest: ['person'], guests: ['person'], folks: ['person'], folk: ['person'], passerby: ['person'], passersby: ['person'],
  vehicle: ['car', 'truck', 'bus', 'motorcycle', 'vehicle'], vehicles: ['car', 'truck', 'bus', 'motorcycle', 'vehicle'],
  bike: ['bicycle'], bikes: ['bicycle'], cycle: ['bicycle'], cyclist: ['bicycle'], motorbike: ['motorcycle'], motorbikes: ['motorcycle'],
  lorry: ['truck'], lorries: ['truck'], van: ['truck'], vans: ['truck'], automobile: ['car'], automobiles: ['car'],
  phone: ['cell phone'], phones: ['cell phone'], cellphone: ['cell phone'], smartphone: ['cell phone'], mobile: ['cell phone'],
  animal: ['bird', 'cat', 'dog', 'horse', 'sheep', 'cow'], animals: ['bird', 'cat', 'dog', 'horse', 'sheep', 'cow'],
  crowd: ['person'], crowds: ['person'], group: ['person'],
  object: [], objects: [], thing: [], things: [], item: [], items: [], anything: [], something: [], detection: [], detections: [],
};

/** Kinds of people the detector does not tell apart (sex, age): a question about them is refused, not answered about people. */
export const UNTOLD_PEOPLE = new Set('man men woman women male males female females boy boys girl girls child children kid kids lady ladies gentleman gentlemen adult adults teenager teenagers teen teens'.split(' '));

/** Words that ask where things went (beyond the cameras' view): a question with one is refused. */
export const WHERE_WORDS = new Set(['where', 'whereabouts']);

/** Words that ask about the future: a question with one is refused. */
export const FUTURE_WORDS = new Set(['will', 'shall']);

/** Words that name any class but, said alone, suggest people (for "anyone", "who"). */
export const AGENT_WORDS = new Set(['someone', 'somebody', 'anyone', 'anybody', 'everyone', 'everybody', 'nobody', 'who', 'whoever']);

/** Classes that move by themselves: a drop in their count is a departure, not something taken. */
export const MOVERS = new Set(['person', 'bicycle', 'car', 'motorcycle', 'bus', 'truck', 'train', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow', 'elephant', 'bear', 'zebra', 'giraffe', 'airplane', 'boat']);
