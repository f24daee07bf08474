/**
 * The offline planner: no model. It recognises common question shapes, resolves their time,
 * class, zone and line, and answers through the typed queries (exact arithmetic). It never
 * invents: an unparsed question, an unknown class or place, or a window without coverage is said
 * plainly, with value null.
 */
import { summariseCoverage } from '../memory/coverage.js';
import { MemoryQueries, type Window } from '../memory/queries.js';
import type { MemoryStore } from '../memory/store.js';
import type { Coverage, CoverageRange, EventRecord, ObjectRecord } from '../memory/types.js';
import type { DraftAnswer as Answer, Evidence } from './answer.js';
import { plural, readClass } from './classes.js';
import { answerSpeech, parseSpeechQuestion } from './speech.js';
import { formatLocal, resolveTime, type ResolvedTime } from './time.js';

/** Options of the offline planner. */
export interface OfflineOptions {
  /** The moment the question is asked, epoch ms. */
  now: number;
  /** IANA zone of wall times in questions and answers. */
  timeZone: string;
}

/** Shapes the planner answers, for "cannot answer" replies. */
export const SUPPORTED_SHAPES = [
  'how many <class>s came / were there [in zone Z] [time]',
  'how many <class>s at once / at most [time]',
  'how many <class>s were there at 09:01:30',
  'when did the first/last <class> arrive/leave; when was the last <class> seen',
  'when did a <class> cross line L [forward|backward]; how many times did a <class> cross line L',
  'how long did the <class> stay [in zone Z]; who stayed longest',
  'was there a <class> [time]',
  'what happened between 14:00 and 14:30',
  'when was <words> mentioned; what was said [about <words>] [time]; did anyone say <words>',
];

/** What the memory knows by name: classes, zones, lines, cameras. */
interface Vocabulary {
  labels: Set<string>;
  zones: Set<string>;
  lines: Set<string>;
  cameras: string[];
}

type Which = 'first' | 'last';
type Moment = 'start' | 'end';

/** A parsed question. */
type Intent =
  | { kind: 'count'; label?: string }
  | { kind: 'max'; label?: string }
  | { kind: 'countAt'; label?: string }
  | { kind: 'when'; label?: string; which: Which; moment: Moment }
  | { kind: 'crossWhen'; label?: string; which?: Which }
  | { kind: 'crossTimes'; label?: string }
  | { kind: 'crossCount'; label?: string }
  | { kind: 'crossAny'; label?: string }
  | { kind: 'dwell'; label?: string }
  | { kind: 'longest'; label?: string }
  | { kind: 'exists'; label?: string }
  | { kind: 'summary' };

/** A parse failure. */
type Failure = { kind: 'unparsed'; why?: string } | { kind: 'badClass'; word: string };

const iso = (t: number): string => new Date(t).toISOString();
const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const secs = (s: number): string => `${Number.isInteger(s) ? s : s.toFixed(1)} s`;

/** Vocabulary per store, with the object and event entry counts it was built at. */
const vocabCache = new WeakMap<MemoryStore, { key: string; v: Vocabulary }>();

/**
 * The store's vocabulary, rebuilt only when its object or event entry counts changed (LMDB keeps
 * them, so the check is O(1)); scanning every object and event on each question cost hundreds of
 * ms on a day of 8 cameras.
 */
function vocabulary(memory: MemoryStore): Vocabulary {
  const { objects, events } = memory.dbs();
  const stat = (db: typeof objects | typeof events): number => (db.getStats() as { entryCount?: number }).entryCount ?? -1;
  const key = `${stat(objects)}/${stat(events)}/${memory.cameras().join(',')}`;
  const hit = vocabCache.get(memory);
  if (hit && hit.key === key) return { ...hit.v, cameras: memory.cameras() };
  const v = scanVocabulary(memory);
  vocabCache.set(memory, { key, v });
  return v;
}

/** Collects the labels, zones and lines named by stored objects and events. */
function scanVocabulary(memory: MemoryStore): Vocabulary {
  const { objects, events } = memory.dbs();
  const v: Vocabulary = { labels: new Set(), zones: new Set(), lines: new Set(), cameras: memory.cameras() };
  for (const { value: o } of objects.getRange({})) {
    v.labels.add(o.label);
    for (const z of o.zones) v.zones.add(z.zone);
    for (const c of o.crossings) v.lines.add(c.line);
  }
  for (const { value: e } of events.getRange({})) {
    if (e.label) v.labels.add(e.label);
    if (e.zone) v.zones.add(e.zone);
    if (e.line) v.lines.add(e.line);
  }
  return v;
}

/** Matches a spoken name ("bench 2", "b") against known ids (bench2, bench_2, B). */
function matchName(spoken: string, known: Set<string>): string | null {
  const n = norm(spoken.replace(/^(?:the|zone|area|region|line)\s+/g, ''));
  if (!n) return null;
  for (const id of known) if (norm(id) === n) return id;
  return null;
}

/** Phrases that look like places but are not ("at once", "at most"). */
const MAX_PHRASES = /\b(?:at once|at the same time|at one time|at a time|at any (?:one )?time|at (?:the )?most|at (?:the |its )?peak|simultaneously|concurrently)\b/;
const FILLER = /\b(?:in total|in all|altogether|overall|please|so far|ever|exactly|approximately|roughly)\b/g;
const NOT_PLACES = new Set(['once', 'most', 'least', 'all', 'total', 'any', 'a', 'the', 'time', 'view', 'sight', 'frame', 'picture', 'there', 'here', 'it', 'early', 'late', 'first', 'last']);

/** The question after time, places and modifiers are taken out. */
interface Parts {
  s: string;
  zone?: string;
  line?: string;
  camera?: string;
  direction?: 'forward' | 'backward';
  max: boolean;
  /** A place the memory does not know (the question is still parsed, so a bad class is reported first). */
  bad?: string;
}

/** Takes zone, line, camera, direction and "at once" phrases out of the question. */
function extractParts(rest: string, v: Vocabulary): Parts {
  let s = ` ${rest.replace(/[?!.]+$/g, '').replace(/[’`]/g, "'").replace(/[,;]/g, ' ')} `;
  const p: Parts = { s: '', max: false };
  if (MAX_PHRASES.test(s)) {
    p.max = true;
    s = s.replace(new RegExp(MAX_PHRASES.source, 'g'), ' ');
  }
  s = s.replace(FILLER, ' ');
  const dir = /\b(?:in the )?(forwards?|backwards?|in the forward direction|in the backward direction)\b/.exec(s);
  if (dir) {
    p.direction = dir[1]?.startsWith('back') ? 'backward' : 'forward';
    s = s.replace(dir[0], ' ');
  }
  const cam = /\b(?:on|in|from|at|by)?\s*(?:the\s+)?camera\s+([a-z0-9][a-z0-9_-]*)/.exec(s);
  if (cam) {
    const id = v.cameras.find((c) => norm(c) === norm(cam[1] ?? ''));
    if (id) p.camera = id;
    else p.bad ??= `there is no camera called "${cam[1] ?? ''}" in the memory (cameras: ${v.cameras.join(', ') || 'none'})`;
    s = s.replace(cam[0], ' ');
  }
  const line = /\b(?:the\s+)?line\s+([a-z0-9][a-z0-9_-]*)/.exec(s);
  if (line) {
    const id = matchName(line[1] ?? '', v.lines);
    // an unknown line is still a line: the shape is parsed as a crossing question
    p.line = id ?? line[1] ?? '';
    if (!id) p.bad ??= `there is no line called "${line[1] ?? ''}" in the memory (lines: ${[...v.lines].sort().join(', ') || 'none'})`;
    s = s.replace(line[0], ' ');
  }
  const zone =
    /\b(?:in|inside|into|within|at|on|near|by|(visited|visit|entered|enter|left|leave|exited|exit)|of|from)\s+(?:the\s+)?(?:(?:zone|area|region)\s+)?([a-z][a-z0-9_-]*(?:\s+\d+)?|\d+)\b/.exec(s) ??
    /\b()(?:zone|area|region)\s+([a-z0-9][a-z0-9_-]*(?:\s+\d+)?)\b/.exec(s);
  if (zone && !NOT_PLACES.has(zone[2] ?? '')) {
    const spoken = zone[2] ?? '';
    const id = matchName(spoken, v.zones);
    if (id) p.zone = id;
    else p.bad ??= `there is no zone called "${spoken}" in the memory (zones: ${[...v.zones].sort().join(', ') || 'none'})`;
    // a verb that named the place stays ("left bench 2" -> "left")
    s = s.replace(zone[0], ` ${zone[1] ?? ''} `);
  }
  p.s = s.replace(/\s+/g, ' ').trim();
  return p;
}

const START_VERBS = '(?:arrive|arrived|appear|appeared|come|came|enter|entered|show up|showed up|turn up|get there|start)';
const END_VERBS = '(?:leave|left|disappear|disappeared|exit|exited|depart|departed|go|went|go away|vanish|end)';
const SEEN_VERBS = '(?:seen|spotted|detected|visible|there|present|noticed|observed)';
const ART = '(?:(?:the|a|an|any|some|each|every)\\s+)?';

/** Reads the shape of a question (time and places already removed). */
function parseShape(p: Parts, instant: boolean): Intent | Failure {
  const s = p.s;
  let m: RegExpExecArray | null;
  const cls = (phrase: string | undefined, maxWords = 2): { label?: string } | Failure => {
    const c = readClass(phrase ?? '');
    if (c.kind === 'label') return { label: c.label };
    if (c.kind === 'any') return {};
    if ((phrase ?? '').trim().split(/\s+/).length > maxWords) return { kind: 'unparsed' };
    return { kind: 'badClass', word: c.word };
  };
  const withCls = <T extends Intent>(phrase: string | undefined, make: (label: string | undefined) => T): T | Failure => {
    const c = cls(phrase);
    return 'kind' in c ? c : make(c.label);
  };

  if (/^(?:so )?what (?:happened|went on|was going on|occurred|has happened|did you see|was seen)\b/.test(s) || /^(?:summari[sz]e|describe)\b/.test(s)) return { kind: 'summary' };

  // line crossings
  if (p.line !== undefined || /\bcross(?:ed|es|ing)?\b/.test(s)) {
    if (p.line === undefined) return { kind: 'unparsed', why: 'name the line, e.g. "line B"' };
    if ((m = /^how many times (?:did|has|have|was|were) (?:(?:the|a|an|any)\s+)?(.*?)\s*(?:cross|crossed|pass|passed|go|went|walk|walked|drive|drove)(?: over| through| across)?$/.exec(s)))
      return withCls(m[1], (label) => ({ kind: 'crossTimes', label }));
    if ((m = /^how many (.+?) (?:have |has )?(?:crossed|passed|went|walked|drove|came)(?: over| through| across)?$/.exec(s))) return withCls(m[1], (label) => ({ kind: 'crossCount', label }));
    if ((m = /^when (?:did|was|were) (?:the\s+)?(?:(first|last|latest|earliest)\s+)?(?:(?:a|an|any)\s+)?(.+?) (?:cross|crossed|pass|passed|go|went)(?: over| through| across)?(?: (first|last))?$/.exec(s)))
      return withCls(m[2], (label) => ({ kind: 'crossWhen', label, ...((m?.[1] ?? m?.[3]) ? { which: /first|earliest/.test(m?.[1] ?? m?.[3] ?? '') ? ('first' as const) : ('last' as const) } : {}) }));
    if ((m = /^(?:did|has|have) (?:(?:the|a|an|any)\s+)?(.+?) (?:ever )?(?:cross|crossed|pass|passed|go|went)(?: over| through| across)?$/.exec(s))) return withCls(m[1], (label) => ({ kind: 'crossAny', label }));
    if ((m = /^(?:was|were) (?:there )?(?:(?:a|an|any)\s+)?(.+?) (?:crossing|that crossed|crossed)$/.exec(s))) return withCls(m[1], (label) => ({ kind: 'crossAny', label }));
    return { kind: 'unparsed' };
  }

  // how long / who stayed longest
  if ((m = /^(?:who|which (.+?)|what (.+?)) (?:stayed|remained|was there|was present|was visible|waited|lingered|spent the most time|dwelt)(?: the)? longest$/.exec(s)))
    return withCls(m[1] ?? m[2] ?? 'person', (label) => ({ kind: 'longest', label }));
  if ((m = /^how long (?:did|was|were|has|have) (?:(?:the|a|an|each|every)\s+)?(.+?)(?: (?:stay|stayed|remain|remained|spend|spent|wait|waited|linger|lingered|dwell|stand|stood|sit|sat|been|there|present|visible|seen|in view|around|be there))+(?: there| for)?$/.exec(s)))
    return withCls(m[1], (label) => ({ kind: 'dwell', label }));

  // how many
  if ((m = /^(?:what (?:was|is|were) the )?(?:most|max|maximum|highest|largest|biggest|peak)(?: number| count)?(?: of)? (.+?)(?: (?:seen|visible|present|there|detected))?$/.exec(s)))
    return withCls(m[1], (label) => ({ kind: 'max', label }));
  if ((m = /^how many (.+?)(?: (?:did|do) (?:we|you|i|the cameras?|it) see| (?:came|come|were|was|are|is|have|has|had|visited|appeared|arrived|entered|showed up|turned up|passed|went by|been|there|seen|detected|visible|present|in view|in|by|through|total))*$/.exec(s))) {
    const maxWords = /\b(?:most|max|maximum|highest|peak)\b/;
    const phrase = (m[1] ?? '').replace(/\b(?:at most|max(?:imum)?|most)\b/g, ' ').trim();
    const isMax = p.max || maxWords.test(s);
    return withCls(phrase, (label) => (isMax ? { kind: 'max', label } : instant ? { kind: 'countAt', label } : { kind: 'count', label }));
  }

  // when
  const whichOf = (w: string | undefined): Which => (w && /first|earliest/.test(w) ? 'first' : 'last');
  if ((m = new RegExp(`^when (?:did|was|were|has|have) (?:the )?(first|last|latest|earliest) (.+?) (?:(${START_VERBS})|(${END_VERBS})|${SEEN_VERBS})(?: here| there| in| up| away| by)?$`).exec(s))) {
    const which = whichOf(m[1]);
    const moment: Moment = m[3] ? 'start' : m[4] ? 'end' : which === 'first' ? 'start' : 'end';
    return withCls(m[2], (label) => ({ kind: 'when', label, which, moment }));
  }
  if ((m = new RegExp(`^when (?:did|was|were|has|have) ${ART}(.+?) (?:(first|last) )?(?:(${START_VERBS})|(${END_VERBS})|${SEEN_VERBS})(?: here| there| in| up| away| by)?(?: (first|last))?$`).exec(s))) {
    const w = m[2] ?? m[5];
    const moment: Moment = m[3] ? 'start' : m[4] ? 'end' : whichOf(w) === 'first' ? 'start' : 'end';
    const which: Which = w ? whichOf(w) : moment === 'start' ? 'first' : 'last';
    return withCls(m[1], (label) => ({ kind: 'when', label, which, moment }));
  }

  // was there
  if (
    (m = /^(?:was|were|is|are) there (?:(?:a|an|any|some|one|anyone|anybody|someone|somebody)\s+)?(.*?)(?: (?:seen|detected|visible|present|around|there|in view))?$/.exec(s)) ??
    (m = /^(?:did|has|have) (?:(?:a|an|any|the|some)\s+)?(.+?) (?:appear|appeared|come|came|show up|showed up|visit|visited|enter|entered|pass by|pass|turn up|been seen|been there)(?: by| in| up)?$/.exec(s)) ??
    (m = /^(?:did|do) (?:you|we|i|the cameras?|it) (?:see|detect|spot|notice) (?:(?:a|an|any|some|the)\s+)?(.+?)$/.exec(s)) ??
    (m = /^(?:was|were|is|are) (?:(?:a|an|any|the|some)\s+)?(.+?) (?:seen|detected|visible|present|there|spotted|around|in view)$/.exec(s))
  ) {
    const phrase = (m[1] ?? '').trim();
    return withCls(phrase || 'anyone', (label) => ({ kind: 'exists', label }));
  }
  return { kind: 'unparsed' };
}

/** Evidence for objects: one entry per object, clipped to the window, at most `limit`. */
function objectEvidence(objs: ObjectRecord[], w: Window, limit = 20): Evidence[] {
  return objs.slice(0, limit).map((o) => ({ camera: o.camera, start: iso(Math.max(o.firstSeen, w.from)), end: iso(Math.min(o.lastSeen, Math.max(w.from, w.to - 1))), trackIds: [o.objectId] }));
}

/** Evidence for events: one entry per event, at most `limit`. */
function eventEvidence(ev: EventRecord[], limit = 20): Evidence[] {
  return ev.slice(0, limit).map((e) => ({ camera: e.camera, start: iso(e.ts), end: iso(e.ts), ...(e.objectId ? { trackIds: [e.objectId] } : {}) }));
}

/** Coverage ranges as evidence, clipped to the window. */
function coverageEvidence(ranges: CoverageRange[], w: Window): Evidence[] {
  return ranges
    .filter((r) => r.end >= w.from && r.start < w.to)
    .map((r) => ({ camera: r.camera, start: iso(Math.max(r.start, w.from)), end: iso(Math.min(r.end, w.to)) }));
}

/** Answers a question offline. */
export function answerOffline(question: string, memory: MemoryStore, opts: OfflineOptions): Answer {
  const q = question.trim();
  const ranges = memory.coverage();
  const whole = summariseCoverage(ranges);
  if (!whole.from || !whole.to) return { answer: 'The memory is empty: no camera has been recorded yet.', value: null, evidence: [], coverage: whole };
  const all = { from: Date.parse(whole.from), to: Date.parse(whole.to) + 1 };
  const t = resolveTime(q, { now: opts.now, timeZone: opts.timeZone, all });
  const w: Window = { from: t.from, to: t.to };
  const coverage = summariseCoverage(ranges, w);
  const v = vocabulary(memory);
  const tz = opts.timeZone;
  const at = (x: number): string => formatLocal(x, tz);
  const covers = `The memory covers ${v.cameras.join(', ')} from ${whole.from} to ${whole.to}.`;
  const cannot = (why: string, evidenceWindow: Window = w): Answer => ({
    answer: `I cannot answer "${q.slice(0, 200)}": ${why}. ${covers}`,
    value: null,
    evidence: coverageEvidence(ranges, evidenceWindow),
    coverage,
  });

  const spoken = parseSpeechQuestion(t.rest);
  if (spoken) {
    const span = t.instant !== undefined ? `at ${at(t.instant)}` : t.phrase ? `between ${at(w.from)} and ${at(Math.min(w.to, opts.now))}` : `in the whole memory`;
    return answerSpeech(spoken, memory, { w, coverage, timeZone: tz, span });
  }
  const parts = extractParts(t.rest, v);
  const intent = parseShape(parts, t.instant !== undefined);
  if (intent.kind === 'badClass') {
    const known = [...v.labels].sort();
    return {
      answer: `"${intent.word}" is not a detected class: the detector only knows the 80 COCO classes, and it cannot tell a ${intent.word} apart. Classes detected in the memory: ${known.join(', ') || 'none yet'}.`,
      value: null,
      evidence: [],
      coverage,
    };
  }
  if (parts.bad) return cannot(parts.bad);
  if (intent.kind === 'unparsed') {
    return cannot(`${intent.why ?? 'I do not recognise this question'}. I can answer questions shaped like: ${SUPPORTED_SHAPES.join('; ')}`);
  }
  const span = t.instant !== undefined ? `at ${at(t.instant)}` : t.phrase ? `between ${at(w.from)} and ${w.to === opts.now + 1 ? `now (${at(opts.now)})` : at(w.to)}` : `in the whole memory (${at(w.from)} to ${at(w.to - 1)})`;
  if (!coverage.from || !coverage.to) {
    return { answer: `The memory has no recording ${span}, so I cannot answer. ${covers}`, value: null, evidence: [], coverage };
  }
  const gapNote = coverage.gaps.length ? ` Note: nothing was recorded on ${coverage.gaps.map((g) => `${g.camera} from ${g.start} to ${g.end}`).join(', ')}.` : '';
  const notSeen = (label: string | undefined): string => (label && !v.labels.has(label) ? ` No ${label} was ever detected in the memory (detected: ${[...v.labels].sort().join(', ') || 'none'}).` : '');
  const qy = new MemoryQueries(memory);
  const name = (label: string | undefined, n: number): string => (label ? plural(label, n) : n === 1 ? 'object' : 'objects');
  const where = `${parts.zone ? ` in zone ${parts.zone}` : ''}${parts.camera ? ` on camera ${parts.camera}` : ''}`;
  const filt = { ...(intent.kind !== 'summary' && intent.label ? { label: intent.label } : {}), ...(parts.camera ? { camera: parts.camera } : {}) };
  const done = (answer: string, value: Answer['value'], evidence: Evidence[]): Answer => ({ answer: answer + notSeen(intent.kind !== 'summary' ? intent.label : undefined) + gapNote, value, evidence, coverage });
  const firstRangeStart = (cam: string, ts: number): boolean => ranges.some((r) => r.camera === cam && r.start === ts);

  switch (intent.kind) {
    case 'count': {
      // without a zone the span index counts; only the first objects (the evidence) are decoded
      const first = parts.zone ? null : qy.firstObjectsIn(w, filt, 20);
      const objs = first ? first.objects : qy.objectsIn(w, { ...filt, zone: parts.zone });
      const n = first ? first.count : objs.length;
      return done(`${n} distinct ${name(intent.label, n)}${where} ${span}.`, n, objectEvidence(objs, w));
    }
    case 'max': {
      const r = qy.maxSimultaneous(w, { ...filt, ...(parts.zone ? { zone: parts.zone } : {}) });
      if (r.at === null || r.camera === null) return done(`No ${intent.label ?? 'object'} was seen${where} ${span}: at most 0 at once.`, 0, []);
      const fr = memory.dbs().frames.get([r.camera, r.at]);
      const ids = fr?.objectIds.filter((id) => !intent.label || id.includes(`:${intent.label}:`)) ?? [];
      return done(`At most ${r.count} ${name(intent.label, r.count)} at once${where} ${span}, first at ${at(r.at)} on ${r.camera}.`, r.count, [
        { camera: r.camera, start: iso(r.at), end: iso(r.at), ...(ids.length ? { trackIds: ids } : {}) },
      ]);
    }
    case 'countAt': {
      const instant = t.instant ?? w.to - 1;
      const r = qy.countAt(instant, { ...filt, ...(parts.zone ? { zone: parts.zone } : {}) });
      if (r.frames.length === 0) return { answer: `No frame was recorded within 2 s before ${at(instant)}, so I cannot say how many ${name(intent.label, 2)} were there. ${covers}`, value: null, evidence: [], coverage };
      const ev = r.frames.map((f) => {
        const ids = memory.dbs().frames.get([f.camera, f.ts])?.objectIds.filter((id) => !intent.label || id.includes(`:${intent.label}:`)) ?? [];
        return { camera: f.camera, start: iso(f.ts), end: iso(f.ts), ...(ids.length ? { trackIds: ids } : {}) };
      });
      return done(`${r.count} ${name(intent.label, r.count)}${where} at ${at(instant)} (frame${r.frames.length > 1 ? 's' : ''} at ${r.frames.map((f) => at(f.ts)).join(', ')}).`, r.count, ev);
    }
    case 'exists': {
      if (t.instant !== undefined) {
        const r = qy.countAt(t.instant, { ...filt, ...(parts.zone ? { zone: parts.zone } : {}) });
        if (r.frames.length === 0) return { answer: `No frame was recorded within 2 s before ${at(t.instant)}, so I cannot say. ${covers}`, value: null, evidence: [], coverage };
        return done(r.count > 0 ? `Yes: ${r.count} ${name(intent.label, r.count)}${where} ${span}.` : `No ${intent.label ?? 'object'}${where} ${span}.`, r.count > 0, r.frames.map((f) => ({ camera: f.camera, start: iso(f.ts), end: iso(f.ts) })));
      }
      const objs = qy.objectsIn(w, { ...filt, ...(parts.zone ? { zone: parts.zone } : {}) });
      if (objs.length === 0) return done(`No: no ${intent.label ?? 'object'} was seen${where} ${span}.`, false, coverageEvidence(ranges, w));
      return done(`Yes: ${objs.length} ${name(intent.label, objs.length)}${where} ${span}, the first seen at ${at(Math.max(objs[0]?.firstSeen ?? w.from, w.from))}.`, true, objectEvidence(objs, w));
    }
    case 'when': {
      // moments per object: its zone visits in the window, or its whole life
      const spans: { o: ObjectRecord; start: number; end: number }[] = [];
      if (!parts.zone && ((intent.which === 'first' && intent.moment === 'start') || (intent.which === 'last' && intent.moment === 'end'))) {
        // the typed query answers the common pair from the span index, without decoding every object
        const fl = qy.firstLastSeen(w, filt);
        const o = intent.which === 'first' ? fl.first : fl.last;
        if (o) spans.push({ o, start: o.firstSeen, end: o.lastSeen });
      } else {
        for (const o of qy.objectsIn(w, { ...filt, ...(parts.zone ? { zone: parts.zone } : {}) })) {
          if (parts.zone) for (const z of o.zones) if (z.zone === parts.zone && z.enteredAt < w.to && (z.exitedAt ?? o.lastSeen) >= w.from) spans.push({ o, start: z.enteredAt, end: z.exitedAt ?? o.lastSeen });
          if (!parts.zone) spans.push({ o, start: o.firstSeen, end: o.lastSeen });
        }
      }
      if (spans.length === 0) return done(`No ${intent.label ?? 'object'} was seen${where} ${span}.`, null, coverageEvidence(ranges, w));
      const key = (x: { start: number; end: number }): number => (intent.moment === 'start' ? x.start : x.end);
      const pick = spans.reduce((a, b) => (intent.which === 'first' ? (key(b) < key(a) ? b : a) : key(b) > key(a) ? b : a));
      const ts = key(pick);
      const verb = intent.moment === 'start' ? (parts.zone ? 'entered' : 'was first seen') : parts.zone ? 'left' : 'was last seen';
      let note = '';
      if (intent.moment === 'start' && firstRangeStart(pick.o.camera, ts)) note = ' It was already in view when the recording began, so it may have arrived earlier.';
      if (intent.moment === 'end' && ranges.some((r) => r.camera === pick.o.camera && r.end === ts)) note = ' It was still in view when the recording ended.';
      return done(`The ${intent.which} ${intent.label ?? 'object'} (${pick.o.objectId}) ${verb}${where} at ${at(ts)} on ${pick.o.camera}.${note}`, iso(ts), [
        { camera: pick.o.camera, start: iso(pick.start), end: iso(pick.end), trackIds: [pick.o.objectId] },
      ]);
    }
    case 'crossTimes':
    case 'crossCount':
    case 'crossAny':
    case 'crossWhen': {
      const line = parts.line ?? '';
      const r = qy.crossings(w, line, filt);
      const ev = parts.direction ? r.events.filter((e) => e.direction === parts.direction) : r.events;
      const dirText = parts.direction ? ` ${parts.direction}` : '';
      const by = `(${r.forward} forward, ${r.backward} backward)`;
      if (intent.kind === 'crossTimes') return done(`${intent.label ?? 'Objects'} crossed line ${line}${dirText} ${ev.length} time${ev.length === 1 ? '' : 's'} ${span} ${by}.`, ev.length, eventEvidence(ev));
      if (intent.kind === 'crossCount') {
        const ids = new Set(ev.map((e) => e.objectId ?? `${e.camera}:${e.ts}`));
        return done(`${ids.size} ${name(intent.label, ids.size)} crossed line ${line}${dirText} ${span} (${ev.length} crossing${ev.length === 1 ? '' : 's'} ${by}).`, ids.size, eventEvidence(ev));
      }
      if (intent.kind === 'crossAny') return done(ev.length ? `Yes: ${ev.length} crossing${ev.length === 1 ? '' : 's'} of line ${line}${dirText} ${span}, the first at ${at(ev[0]?.ts ?? 0)}.` : `No ${intent.label ?? 'object'} crossed line ${line}${dirText} ${span}.`, ev.length > 0, eventEvidence(ev));
      if (ev.length === 0) return done(`No ${intent.label ?? 'object'} crossed line ${line}${dirText} ${span}.`, null, coverageEvidence(ranges, w));
      const first = ev[0] as EventRecord;
      const last = ev[ev.length - 1] as EventRecord;
      if (intent.which || ev.length === 1) {
        const e = intent.which === 'last' ? last : first;
        return done(`${intent.which === 'last' ? 'The last' : 'The first'} crossing of line ${line}${dirText}${intent.label ? ` by a ${intent.label}` : ''} ${span} was at ${at(e.ts)} (${e.direction ?? 'unknown direction'}${e.objectId ? `, ${e.objectId}` : ''}).`, iso(e.ts), eventEvidence([e]));
      }
      const list = ev.slice(0, 10).map((e) => `${at(e.ts)} ${e.direction ?? ''}`.trim());
      return done(`${ev.length} crossings of line ${line}${dirText} ${span}: ${list.join('; ')}${ev.length > 10 ? '; ...' : ''}.`, { start: iso(first.ts), end: iso(last.ts) }, eventEvidence(ev));
    }
    case 'dwell':
    case 'longest': {
      const rows = parts.zone ? qy.dwell(w, parts.zone, filt) : qy.presence(w, filt);
      if (rows.length === 0) return done(`No ${intent.label ?? 'object'} was seen${where} ${span}.`, null, coverageEvidence(ranges, w));
      const top = rows[0] as { object: ObjectRecord; seconds: number };
      const stayed = parts.zone ? `stayed in zone ${parts.zone}` : rows.length > 1 && intent.kind === 'dwell' ? 'were in view' : 'was in view';
      // only the rows shown are decoded (dwell rows read their object on first use)
      const shown = intent.kind === 'longest' ? 1 : 20;
      const ev = objectEvidence(rows.slice(0, shown).map((r) => r.object), w, shown);
      if (rows.length === 1 || intent.kind === 'longest') {
        const more = rows.length > 1 ? ` (of ${rows.length} ${name(intent.label, rows.length)}; next ${rows.slice(1, 4).map((r) => `${r.object.objectId} ${secs(r.seconds)}`).join(', ')})` : '';
        return done(`${top.object.objectId} ${stayed} longest: ${secs(top.seconds)} ${span}${more}.`.replace(' longest:', rows.length === 1 ? ' for' : ' longest:'), top.seconds, ev);
      }
      const list = rows.slice(0, 5).map((r) => `${r.object.objectId} ${secs(r.seconds)}`);
      return done(`${rows.length} ${name(intent.label, rows.length)} ${stayed} ${span}; the longest ${secs(top.seconds)}: ${list.join(', ')}${rows.length > 5 ? ', ...' : ''}.`, top.seconds, ev);
    }
    case 'summary':
      return summary(qy, w, parts.camera, span, at, coverage, gapNote);
  }
}

/** "What happened": events by type and label, then the segment captions as runs. */
function summary(qy: MemoryQueries, w: Window, camera: string | undefined, span: string, at: (t: number) => string, coverage: Coverage, gapNote: string): Answer {
  const ev = qy.events(w, camera ? { camera } : {});
  const counts = new Map<string, number>();
  for (const e of ev) {
    if (e.type === 'count_change') continue;
    const k = `${e.type.replace('_', ' ')}${e.label ? ` ${e.label}` : ''}${e.zone ? ` zone ${e.zone}` : ''}${e.line ? ` line ${e.line}${e.direction ? ` ${e.direction}` : ''}` : ''}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const runs: { camera: string; start: number; end: number; caption: string }[] = [];
  for (const s of qy.segments(w, camera)) {
    const caption = s.caption ?? '';
    const prev = runs.findLast((r) => r.camera === s.camera);
    if (prev && prev.caption === caption && s.start <= prev.end) prev.end = s.end;
    else runs.push({ camera: s.camera, start: s.start, end: s.end, caption });
  }
  const evText = counts.size ? `Events: ${[...counts].map(([k, n]) => `${n} × ${k}`).join(', ')}.` : 'No events.';
  const shown = runs.filter((r) => r.caption).slice(0, 12);
  const capText = shown.length ? ` Scenes: ${shown.map((r) => `${at(r.start)}–${at(r.end)} ${r.camera}: ${r.caption}`).join('; ')}${runs.length > shown.length ? '; ...' : ''}.` : '';
  const text = `${span.charAt(0).toUpperCase()}${span.slice(1)}: ${evText}${capText}`;
  const evidence: Evidence[] = shown.map((r) => ({ camera: r.camera, start: iso(r.start), end: iso(r.end) }));
  return { answer: text + gapNote, value: text, evidence, coverage };
}

/** The exact tool answering each question shape, for routing tools to a model. */
const SHAPE_TOOLS: Record<Intent['kind'], string> = {
  count: 'count',
  max: 'max_simultaneous',
  countAt: 'count_at',
  when: 'first_last_seen',
  crossWhen: 'crossings',
  crossTimes: 'crossings',
  crossCount: 'crossings',
  crossAny: 'crossings',
  dwell: 'dwell',
  longest: 'dwell',
  exists: 'count',
  summary: 'caption_retrieval',
};

/**
 * The tool that answers a question of a shape this planner recognises (speech questions:
 * `query_transcript`), or null; model planners offer it first.
 */
export function shapeTool(question: string, memory: MemoryStore): string | null {
  const t = resolveTime(question.trim(), { now: Date.now(), timeZone: 'UTC' });
  if (parseSpeechQuestion(t.rest)) return 'query_transcript';
  const shape = parseShape(extractParts(t.rest, vocabulary(memory)), t.instant !== undefined);
  return shape.kind === 'unparsed' || shape.kind === 'badClass' ? null : SHAPE_TOOLS[shape.kind];
}

/** Exposed for tests: the parsed shape of a question. */
export function parseQuestion(question: string, vocab: { labels?: string[]; zones?: string[]; lines?: string[]; cameras?: string[] } = {}): ReturnType<typeof parseShape> | { kind: 'bad'; why: string } {
  const v: Vocabulary = { labels: new Set(vocab.labels), zones: new Set(vocab.zones), lines: new Set(vocab.lines), cameras: vocab.cameras ?? [] };
  const t: ResolvedTime = resolveTime(question, { now: 0, timeZone: 'UTC' });
  const p = extractParts(t.rest, v);
  const shape = parseShape(p, t.instant !== undefined);
  return p.bad && shape.kind !== 'badClass' ? { kind: 'bad', why: p.bad } : shape;
}
