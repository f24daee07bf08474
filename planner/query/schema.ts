/**
 * The question language: one typed, JSON-serialisable query that says everything the memory can
 * answer. The English parser writes it, a language model may write it (the `query` tool), and one
 * executor runs it over the memory's typed queries, so every number comes from the same code.
 *
 * A query is a measure (what to compute) of a subject (which objects) at a place (cameras, a zone,
 * a line) over a time (a window, and an instant when the measure needs one). All times are epoch
 * ms, already resolved from the question's words in the configured time zone.
 */
import { z } from 'zod';

/** Comparison operators of conditions. */
export const Cmp = z.enum(['eq', 'ne', 'lt', 'le', 'gt', 'ge']);
export type Cmp = z.infer<typeof Cmp>;

/**
 * A condition on how many objects are there at a moment: a comparison with a number ("empty" is
 * `eq 0`, "fewer than 3" is `lt 3`, "only one" is `eq 1`), or against the usual count of the place
 * (`full`: all there, i.e. at least the usual count; `missing`: fewer than the usual count).
 */
export const CountCondition = z.union([
  // between: only the stretches with a change on both sides in the window (a gap between visits, not the time before the first or after the last)
  z.object({ op: Cmp, n: z.number().int().min(0), between: z.literal(true).optional() }).strict(),
  // full/missing: against the usual count; lowest/highest: at the fewest (most) there were in the window ("at its lowest")
  z.object({ op: z.enum(['full', 'missing', 'lowest', 'highest']) }).strict(),
]);
export type CountCondition = z.infer<typeof CountCondition>;

/** Whether a count condition asks for gaps between visits (its stretches with a change on both sides). */
export function isGap(c: CountCondition): boolean {
  return 'between' in c && c.between === true;
}

/** A condition on a visit's length ("longer than 25 s"). */
export const DurationCondition = z.object({ op: Cmp, seconds: z.number().min(0) }).strict();
export type DurationCondition = z.infer<typeof DurationCondition>;

/** What is counted or timed among events. `taken`/`returned` come from settled counts of objects that stand still. */
export const EventKind = z.enum(['line_cross', 'zone_enter', 'zone_exit', 'taken', 'returned', 'alert', 'loud_sound', 'speech']);
export type EventKind = z.infer<typeof EventKind>;

/** One colour condition of a look: a basic colour term (or "dark"/"light") on a part of the body. */
export const LookColour = z
  .object({
    part: z.enum(['upper', 'lower', 'body', 'any']),
    term: z.enum(['black', 'white', 'grey', 'red', 'orange', 'yellow', 'green', 'blue', 'purple', 'pink', 'brown', 'dark', 'light']),
    qualifier: z.enum(['dark', 'light']).optional(),
  })
  .strict();
export type LookColour = z.infer<typeof LookColour>;

/**
 * How the objects look ("the person in the black top", "the red car"): named colours every one of
 * which the object's visit must have. `said` is the question's words for it; `ignored` the words
 * that narrowed nothing ("man", "hoodie": the detector sees a person dark on top).
 */
export const Look = z
  .object({
    colours: z.array(LookColour).min(1).max(4),
    said: z.string().max(200).optional(),
    ignored: z.array(z.string().max(40)).max(8).optional(),
  })
  .strict();
export type Look = z.infer<typeof Look>;

/**
 * A thing picked by its place in the picture among the things of its class that stand still ("the
 * left bottle": `left`; "the second from the right": `right`, rank 2; "the middle one": `middle`).
 * Read from settled counts only: when it was taken or put back, how long it was gone, whether it was there.
 */
export const Spot = z.object({ side: z.enum(['left', 'right', 'middle']), rank: z.number().int().min(1).max(12).optional() }).strict();
export type Spot = z.infer<typeof Spot>;

/** Which objects: detector classes by label (`[]`: anything detected). Several classes are summed. */
export const Subject = z
  .object({
    classes: z.array(z.string().min(1)).max(32),
    /** Only the visits of objects that look so (people and vehicles, by their named colours). */
    look: Look.optional(),
    /** One of them ("the man in black", "he"): the visits of one identity; refused when several identities fit. */
    one: z.literal(true).optional(),
    /**
     * Only the identities (by re-identification) whose visits in the window pass it: "the person
     * who came three times" (eq 3), "people who came more than once" (ge 2).
     */
    visits: z.object({ op: Cmp, n: z.number().int().min(1) }).strict().optional(),
    /** One thing of one class that stands still, by its place in the picture (see `Spot`). */
    spot: Spot.optional(),
  })
  .strict();
export type Subject = z.infer<typeof Subject>;

/** Where: cameras by id (`[]`: every camera), optionally one zone, one line and a crossing direction. */
export const Place = z
  .object({
    cameras: z.array(z.string().min(1)).max(64),
    zone: z.string().min(1).optional(),
    line: z.string().min(1).optional(),
    direction: z.enum(['forward', 'backward']).optional(),
    /** Counts at once add up over the cameras ("across all cameras"); otherwise "at once" and "together" are at one camera. */
    across: z.boolean().optional(),
  })
  .strict();
export type Place = z.infer<typeof Place>;

/**
 * When: a window `[from, to)` in epoch ms, the instant for measures taken at one moment, and a
 * moment (`after`) the window begins at instead of `from` ("after the first visitor left"), or one
 * (`before`) it ends at instead of `to` ("before the first person left").
 */
export const Time = z
  .object({
    from: z.number(),
    to: z.number(),
    at: z.number().optional(),
    // "after the first visitor left, ...": the window begins at that moment (found in the window first)
    after: z.lazy(() => Found).optional(),
    // "before the first person left, ...": the window ends at that moment (found in the window first)
    before: z.lazy(() => Found).optional(),
  })
  .strict();
export type Time = z.infer<typeof Time>;

/**
 * One visit among the visits of the subject to the place in the window, ordered by arrival (or by
 * departure with `order`): the n-th (1 = first, -1 = last, -2 = the one before last; with `where`,
 * the n-th of the visits whose length passes it), the only one, the longest or shortest (with
 * `rank`, the rank-th longest or shortest: "the second longest visit")
 * ("the person", when there was exactly one), the one that arrived, left or was
 * there nearest an instant, the longest or shortest, the first return (a visit by someone
 * re-identification saw on an earlier visit), or the next arrival after (last before) an instant or
 * another visit.
 */
export type VisitRef =
  | { by: 'nth'; n: number; order?: 'arrival' | 'departure' | 'sighting'; where?: DurationCondition }
  | { by: 'only' }
  | { by: 'arrivedAt' | 'leftAt' | 'presentAt'; t: number }
  | { by: 'longest' | 'shortest'; rank?: number }
  | { by: 'return' }
  | { by: 'after' | 'before'; t?: number; visit?: VisitRef };

export const VisitRef: z.ZodType<VisitRef> = z.lazy(() =>
  z.union([
    z.object({ by: z.literal('nth'), n: z.number().int().refine((n) => n !== 0, 'n is 1-based; -1 is the last'), order: z.enum(['arrival', 'departure', 'sighting']).optional(), where: DurationCondition.optional() }).strict(),
    z.object({ by: z.literal('only') }).strict(),
    z.object({ by: z.enum(['arrivedAt', 'leftAt', 'presentAt']), t: z.number() }).strict(),
    z.object({ by: z.enum(['longest', 'shortest']), rank: z.number().int().min(1).optional() }).strict(),
    z.object({ by: z.literal('return') }).strict(),
    z
      .object({ by: z.enum(['after', 'before']), t: z.number().optional(), visit: VisitRef.optional() })
      .strict()
      .refine((v) => (v.t === undefined) !== (v.visit === undefined), 'give exactly one of t and visit'),
  ]),
);

/** Picks one moment among several (events, or the starts of a condition): n-th, or the next after / last before an instant. */
export const Pick = z.union([
  z.object({ by: z.literal('nth'), n: z.number().int().refine((n) => n !== 0, 'n is 1-based; -1 is the last') }).strict(),
  z.object({ by: z.enum(['after', 'before']), t: z.number() }).strict(),
]);
export type Pick = z.infer<typeof Pick>;

/**
 * One moment of the recording, as the `when` measure finds it (an arrival or departure of one
 * visit, one event, one start of a count condition), or the `start` or `end` of the window (the
 * end is now when the question names no period).
 */
/** The moments the `when` measure finds: an arrival or departure of one visit, one event, one start of a count condition. */
/**
 * One end of one stretch of a state: the `first`, `last`, `longest` or `shortest` stretch (with
 * `rank` the rank-th longest or shortest), its `start` or its `end` ("when did the longest empty
 * stretch end?").
 */
export const StretchEdge = z.object({ episode: z.enum(['first', 'last', 'longest', 'shortest']), rank: z.number().int().min(1).optional(), side: z.enum(['start', 'end']) }).strict();
export type StretchEdge = z.infer<typeof StretchEdge>;

export const Found = z.discriminatedUnion('kind', [
  // look: the visit is of someone (something) who looks so ("after the woman in the grey cardigan left"), whatever the subject's look
  z.object({ kind: z.enum(['arrival', 'departure']), visit: VisitRef, look: Look.optional() }).strict(),
  // moments: the n-th time (two bottles taken together are one time), not the n-th item
  z.object({ kind: z.literal('event'), event: EventKind, pick: Pick, items: z.number().int().min(2).optional(), moments: z.literal(true).optional() }).strict(),
  z.object({ kind: z.literal('condition'), cond: CountCondition, pick: Pick, change: z.enum(['drop', 'rise', 'any']).optional(), stretch: StretchEdge.optional(), lasting: DurationCondition.optional() }).strict(),
]);
export type Found = z.infer<typeof Found>;

export const Moment = z.discriminatedUnion('kind', [...Found.options, z.object({ kind: z.enum(['start', 'end']) }).strict()]);
export type Moment = z.infer<typeof Moment>;

/** The time from one moment to another (`next`: the second picked after the first), as `elapsed` measures it. */
const Span = z.object({ from: Moment, to: Moment, next: z.boolean().optional() }).strict();
export type Span = z.infer<typeof Span>;

/** `count` (see Measure). */
const CountMeasure = z
  .object({ measure: z.literal('count'), of: z.enum(['visits', 'present', 'departures', 'identities', 'events']), event: EventKind.optional(), where: DurationCondition.optional(), distinct: z.boolean().optional(), moments: z.boolean().optional(), items: z.number().int().min(2).optional() })
  .strict();
/** What a `duration` measures: one visit, the visits aggregated, or a count condition's stretches (see Measure). */
const DurationOf = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('visit'), visit: VisitRef }).strict(),
  z.object({ kind: z.literal('visits'), agg: z.enum(['avg', 'total', 'max', 'min']), nths: z.array(z.number().int().refine((n) => n !== 0, 'n is 1-based; -1 is the last')).min(1).max(64).optional() }).strict(),
  z.object({ kind: z.literal('condition'), cond: CountCondition, episode: z.enum(['first', 'last', 'current', 'longest', 'shortest', 'only']).optional(), rank: z.number().int().min(1).optional(), lasting: DurationCondition.optional() }).strict(),
]);
/** `duration` (see Measure). */
const CountAtMeasure = z.object({ measure: z.literal('countAt') }).strict();
const DurationMeasure = z.object({ measure: z.literal('duration'), of: DurationOf }).strict();
/** `times` (see Measure). */
const TimesMeasure = z.object({ measure: z.literal('times'), cond: CountCondition, change: z.enum(['drop', 'rise', 'any']).optional(), lasting: DurationCondition.optional() }).strict();

/**
 * What to compute.
 * - `count`: how many `visits` (arrivals in the window), `present` (visits overlapping the window),
 *   `departures` (visits that ended in it), `identities` (distinct objects after re-ID: an estimate)
 *   or `events` of a kind; `where` keeps only visits whose length passes it; `distinct` counts the
 *   different objects among the events ("how many people crossed" vs "how many times");
 *   `moments` counts the moments of taken/returned rather than the items (two bottles taken at
 *   once are two items, one moment: "how many times was a bottle taken"); `items` keeps only the
 *   moments when at least that many were taken or put back at once ("two bottles at once"), as it
 *   does for `whether` and `when` of an event.
 * - `countAt`: how many at the instant `time.at` (settled counts).
 * - `extreme`: most (`max`) or fewest (`min`) at once in the window, or how many there were on
 *   average over it (`avg`: the settled count weighted by how long it held).
 * - `missing`: how many fewer than the usual count at `time.at`; with `most`, the most fewer at
 *   once in the window ("the most bottles missing at one time": the usual count less the fewest).
 * - `whether`: yes/no: a count condition at `time.at` (or at some moment of the window; with
 *   `all`, during all of it; with `lasting`, for one stretch whose length passes it: "was the table
 *   ever empty for more than 5 s"), a visit (optionally passing `where`; with `count`, whether the number
 *   of such arrivals passes the comparison: "did more than 3 people come?"; with `moment`, only
 *   visits that began (`arrival`) or ended (`departure`) in the window), an event of a kind, the
 *   number of events of kind `a` against kind `b` (`events`: "were more bottles taken than put
 *   back?", items counted as `count` counts them), or
 *   (`compare`) whether visit `a` lasted `op` (longer: `gt`, shorter: `lt`) than visit `b`, or
 *   (`length`) whether one visit's length passes `where` ("did the second person stay over 20 s"),
 *   or (`visitTime`) whether one visit began or ended `side` (before, after) the instant `t` ("did the
 *   fifth person leave before 09:01:50"), or was in progress at `t` (`presence`: "was the second
 *   person still there at 09:00:55"); the window is the one the visit is picked in; or (`look`)
 *   whether one visit looked as the subject's look says ("was the first visitor dressed in grey?",
 *   "was the car red?"): the visit is picked among all, then judged by its colours.
 *   Or (`same`) whether every visit of the window was one identity's ("was it the same car every
 *   time?": yes when re-identification saw one object on them all; a "no" is not said, as it
 *   splits when unsure). Or (`duration`) whether a length the `duration` measure gives passes `where` ("was the kiosk in
 *   use for more than a minute in total?", "was the average visit longer than 20 s?"); or (`span`)
 *   whether the time between two moments, as `elapsed` measures it, does; or (`spans`) whether one
 *   such span was longer (`gt`) or shorter (`lt`) than another ("was it empty for longer between the
 *   first and second visitors than between the third and fourth?"). Or (`order`) whether moment `a`
 *   came before moment `b` ("did the man in the light grey shirt turn up before the woman in black?",
 *   "did the first person leave before the second arrived?"); each moment is found as `when` finds it.
 * - `when`: the time of an arrival or departure of one visit, of one event, or of one start of a
 *   count condition ("when did the bench drop to one bottle"; with `change`, only a change into
 *   the condition counts, not the state the window began in, and a `drop` only from a higher count,
 *   a `rise` only from a lower one: "when was it back to three").
 * - `duration`: of one visit; of all visits aggregated (`avg`, `total`, `max`, `min`; with `nths`,
 *   only the visits at those places in the order of arrival: "the average stay of the first three
 *   visitors" is `[1, 2, 3]`, each of which must exist); or how long a
 *   count condition held in the window (all of it, or one stretch: the `first`, the `last`, or
 *   the `current` one, going on at the end of the window: "how long has it been empty"; the
 *   `longest` or `shortest`, with `rank` the rank-th longest or shortest). A state's stretches are
 *   one shape: with `lasting`, only the stretches whose length passes it count ("in total, how long
 *   was it empty in spells of over 20 s"); the window may be any part of the recording ("for how
 *   much of the first two minutes was someone there" is the total over that window).
 * - `elapsed`: the time from one moment to another, in seconds ("how long until the first person
 *   came": from the window's start to the first arrival; "how long since the last bottle was put
 *   back": from that event to the end; "the gap between the fourth and fifth visitors": from the
 *   fourth's departure to the fifth's arrival). With `next`, `to` is picked among the moments after
 *   `from` (its ordinals count from there: "how long after the first bottle was taken was one put
 *   back" is the first return after that taking).
 * - `times`: how many times a count condition began in the window ("how many times was the
 *   table empty"; `change` as for `when`; with `lasting`, the stretches whose length passes it:
 *   "how many times was it empty for over 20 s").
 * - `list`: the visits (arrivals), visits in progress (`present`), identities or events of the window.
 * - `visit`: one visit as a whole (arrival, departure, length): "who stayed longest?".
 * - `busiest`: the clock minute or hour (`span`) of the window in which the most visits began
 *   ("which minute was the busiest?"): its start; `shift` is where the asker's clock begins one, in
 *   epoch ms modulo the span (0 for a minute everywhere, and for an hour in whole-hour zones); with
 *   `count`, how many began in it ("how many people came in the busiest minute?").
 * - `compare`: whether a count or length over the query's window is greater (`gt`) or smaller
 *   (`lt`) than the same over the `other` window ("did more people come in the first minute than
 *   in the second?", "more visitors before 12:00 than after?"); of `countAt`, the count at the
 *   instant `time.at` against the count at `other.at` ("more bottles at 10:00 than at 10:05?").
 */
export const Measure = z.discriminatedUnion('measure', [
  CountMeasure,
  CountAtMeasure,
  z.object({ measure: z.literal('extreme'), which: z.enum(['max', 'min', 'avg']) }).strict(),
  z.object({ measure: z.literal('missing'), most: z.literal(true).optional() }).strict(),
  z
    .object({
      measure: z.literal('whether'),
      test: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('count'), cond: CountCondition, all: z.boolean().optional(), lasting: DurationCondition.optional() }).strict(),
        z.object({ kind: z.literal('visit'), where: DurationCondition.optional(), moment: z.enum(['arrival', 'departure']).optional(), count: z.object({ op: Cmp, n: z.number().int().min(0) }).strict().optional() }).strict(),
        // times: how many times (moments) it must have happened ("taken more than once": ge 2)
        z.object({ kind: z.literal('event'), event: EventKind, items: z.number().int().min(2).optional(), times: z.object({ op: Cmp, n: z.number().int().min(1) }).strict().optional() }).strict(),
        z.object({ kind: z.literal('events'), a: EventKind, op: Cmp, b: EventKind }).strict(),
        z.object({ kind: z.literal('compare'), a: VisitRef, op: Cmp, b: VisitRef }).strict(),
        z.object({ kind: z.literal('length'), visit: VisitRef, where: DurationCondition }).strict(),
        z.object({ kind: z.literal('look'), visit: VisitRef }).strict(),
        z.object({ kind: z.literal('returned'), visit: VisitRef.optional() }).strict(),
        z.object({ kind: z.literal('same') }).strict(),
        z.object({ kind: z.literal('span'), from: Moment, to: Moment, next: z.boolean().optional(), where: DurationCondition }).strict(),
        z.object({ kind: z.literal('duration'), of: DurationOf, where: DurationCondition }).strict(),
        z.object({ kind: z.literal('spans'), a: Span, op: z.enum(['gt', 'lt']), b: Span }).strict(),
        // order: whether moment a came before moment b ("did the man in grey turn up before the woman in black?")
        z.object({ kind: z.literal('order'), a: Found, b: Found }).strict(),
        z.object({ kind: z.literal('visitTime'), visit: VisitRef, moment: z.enum(['arrival', 'departure', 'presence']), side: z.enum(['before', 'after']).optional(), t: z.number() }).strict(),
      ]),
    })
    .strict(),
  z
    .object({
      measure: z.literal('when'),
      of: Found,
    })
    .strict(),
  DurationMeasure,
  // pair: the moments are of "the two visits": none when there were more than two
  z.object({ measure: z.literal('elapsed'), from: Moment, to: Moment, next: z.boolean().optional(), pair: z.literal(true).optional() }).strict(),
  TimesMeasure,
  z.object({ measure: z.literal('compare'), of: z.discriminatedUnion('measure', [CountMeasure, CountAtMeasure, DurationMeasure, TimesMeasure]), op: z.enum(['gt', 'lt']), other: z.object({ from: z.number(), to: z.number(), at: z.number().optional() }).strict() }).strict(),
  z.object({ measure: z.literal('list'), of: z.enum(['visits', 'present', 'identities', 'events']), event: EventKind.optional() }).strict(),
  z.object({ measure: z.literal('visit'), visit: VisitRef }).strict(),
  z.object({ measure: z.literal('busiest'), span: z.enum(['minute', 'hour']), shift: z.number().int().min(0).max(3_599_999).optional(), count: z.literal(true).optional() }).strict(),
]);
export type Measure = z.infer<typeof Measure>;

/** A whole query. */
export const Query = z
  .object({
    measure: Measure,
    subject: Subject,
    place: Place,
    time: Time,
  })
  .strict();
export type Query = z.infer<typeof Query>;

/**
 * The typed value of an executed query: a number (counts; seconds for durations), a boolean, an
 * ISO time, a visit, a list, or null when the memory holds no such fact.
 */
export type QueryValue =
  | { kind: 'number'; n: number; unit: 'count' | 'seconds' }
  | { kind: 'boolean'; b: boolean }
  | { kind: 'time'; t: number }
  | { kind: 'visit'; visit: VisitFact }
  | { kind: 'list'; items: (VisitFact | EventFact | IdentityFact)[]; total: number }
  | { kind: 'none'; why: string; code?: 'PLANNER_NOT_KEPT' };

/** One visit: an arrival and a departure of one object at one camera (and zone). */
export interface VisitFact {
  camera: string;
  objectId: string;
  label: string;
  zone?: string;
  /** Arrival and departure, epoch ms. */
  start: number;
  end: number;
  /** True while the object is still there (the end is the camera's present: the length so far). */
  open?: boolean;
  /** The daemon stopped while the object was there: the visit ends at the camera's last covered frame, not at a seen departure. */
  cut?: boolean;
}

/** One event (a stored event, or a taken/returned change of a settled count). */
export interface EventFact {
  camera: string;
  ts: number;
  /** An EventKind, or a stored event type. */
  kind: string;
  label?: string;
  zone?: string;
  line?: string;
  direction?: 'forward' | 'backward';
  /** Items moved at once (taken/returned). */
  n?: number;
  objectId?: string;
  text?: string;
}

/** One distinct object (after re-ID). */
export interface IdentityFact {
  camera: string;
  objectId: string;
  label: string;
  firstSeen: number;
  lastSeen: number;
  visits: number;
}
