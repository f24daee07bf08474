/**
 * Typed observations: what perception tells the memory and the rule engine. Plain data, no
 * classes, so every room can import these without importing code.
 */
import type { Box } from './perception/types.js';

/** One visit of an object to a zone. */
export interface ZoneVisitFact {
  zone: string;
  enteredAt: number;
  exitedAt: number | null;
  dwellSeconds: number;
}

/** One line crossing. */
export interface CrossingFact {
  line: string;
  ts: number;
  direction: 'forward' | 'backward';
}

/** An object (a re-identified group of tracks) as known at some moment. */
export interface ObjectFact {
  /** Stable object id after re-ID, e.g. `bench:person:3`. */
  objectId: string;
  camera: string;
  label: string;
  /** Tracker ids merged into this object. */
  trackIds: number[];
  firstSeen: number;
  lastSeen: number;
  /** Last box, frame pixels. */
  box: Box;
  /** Size of the frames the box is in (to normalise it); absent in older records. */
  frameSize?: { width: number; height: number };
  /** Downsampled anchor positions, normalised 0..1: [ts, x, y]. */
  trajectory: [number, number, number][];
  zones: ZoneVisitFact[];
  crossings: CrossingFact[];
  /**
   * Presence intervals at the camera, epoch ms: a track that starts more than a short gap after
   * the object's last sighting (re-ID found it again) opens a new visit, so visits and identities
   * stay apart. Absent in older records: one visit, `[firstSeen, lastSeen]`.
   */
  visits?: { start: number; end: number; colours?: ObjectColours }[];
  /**
   * Named colours of the object (its best-sampled visit's; see `perception/colours.ts`). Absent in
   * older records and for labels whose colour is not named.
   */
  colours?: ObjectColours;
  /** Appearance embedding (offline colour-layout features, or an encoder's output). */
  embedding?: number[];
  /** Best detection score seen. */
  score: number;
}

/** One named colour of an object: a basic colour term, an optional qualifier, and the L*a*b* it was named from. */
export interface ObjectColour {
  term: 'black' | 'white' | 'grey' | 'red' | 'orange' | 'yellow' | 'green' | 'blue' | 'purple' | 'pink' | 'brown';
  qualifier?: 'dark' | 'light';
  /** Median CIELAB (D65) of the samples that named it, cast taken out. */
  lab: [number, number, number];
  /** Share of the samples that read this term (0..1). */
  share: number;
}

/** The named colours of an object: a person's upper and lower body, a vehicle's body. */
export interface ObjectColours {
  upper?: ObjectColour;
  lower?: ObjectColour;
  body?: ObjectColour;
  /** Frames sampled. */
  samples: number;
}

/** Per-frame facts. */
export interface FrameObservation {
  kind: 'frame';
  camera: string;
  ts: number;
  /** Motion level 0..1 from the motion gate. */
  motion: number;
  /** Whether the detector ran on this frame (false: counts carried from the last detection). */
  detected: boolean;
  counts: Record<string, number>;
  /**
   * Objects seen within the camera's hold (see `PerceptionOptions.holdMs`), with the zones their
   * anchor is in. `zones` is absent in older records.
   */
  objects: { objectId: string; trackId: number; label: string; box: Box; score: number; zones?: string[] }[];
  /** Objects per zone (the same objects as `objects`). */
  occupancy: Record<string, number>;
  /**
   * Counts and occupancy of the objects the last detection matched, without the hold: what the
   * memory stores (its settled counts absorb one-frame misses), so history says when a thing was
   * last seen rather than when the live hold let it go. Absent: the same as `counts`/`occupancy`.
   */
  seen?: { counts: Record<string, number>; occupancy: Record<string, number> };
}

/** Object lifecycle. */
export interface ObjectObservation {
  kind: 'object';
  camera: string;
  ts: number;
  event: 'new' | 'update' | 'end';
  object: ObjectFact;
  /**
   * For `new` and `update`: whether the object counts now (`present`) or its hold expired while
   * its track lives on (`away`: its last sighting is its departure unless it is found again).
   * Absent: present. The memory keeps the visit in progress from this (see `memory/live.ts`).
   */
  presence?: 'present' | 'away';
  /**
   * For `end`: the object's appearance views as re-ID keeps them, so that a later run (after a
   * restart) takes a returning object back by any of them, not only by its mean embedding.
   */
  views?: readonly Float32Array[];
}

/** Zone and line events. */
export interface EventObservation {
  kind: 'event';
  camera: string;
  ts: number;
  type: 'zone_enter' | 'zone_exit' | 'line_cross' | 'appear' | 'disappear' | 'count_change' | 'camera_online' | 'camera_offline' | 'loud_sound';
  /** For loud_sound: the short-term level that crossed the threshold, dBFS. */
  dbfs?: number;
  /** For camera_offline: the camera's error. */
  error?: string;
  objectId?: string;
  label?: string;
  zone?: string;
  line?: string;
  direction?: 'forward' | 'backward';
  dwellSeconds?: number;
  /** For count_change: label and counts before/after. */
  before?: number;
  after?: number;
}

/** One text read by OCR. */
export interface OcrText {
  text: string;
  box: Box;
  score: number;
}

/** A closed time window of one camera. */
export interface SegmentObservation {
  kind: 'segment';
  camera: string;
  start: number;
  end: number;
  frames: number;
  firstFrameAt: number;
  lastFrameAt: number;
  /** Most objects of each class seen at once in the window. */
  counts: Record<string, number>;
  /** Objects seen in the window. */
  objectIds: string[];
  /** Mean motion level. */
  motion: number;
  /** Most objects in each zone at once. */
  occupancy: Record<string, number>;
  ocr: OcrText[];
  /** Caption built from perception's facts; `facts — vision` once a vision caption arrived. */
  caption: string;
  /** One sentence from a vision model about the keyframe (set on a late copy of the segment). */
  visionCaption?: string;
  /** JPEG of a representative frame. */
  keyframe?: Buffer;
}

/** Sound level of one 2 s window of a camera's audio (aligned like segments). */
export interface AudioObservation {
  kind: 'audio';
  camera: string;
  start: number;
  end: number;
  /** RMS level, dBFS. */
  rmsDbfs: number;
  /** Peak sample level, dBFS. */
  peakDbfs: number;
}

/** One recognised word, epoch ms. */
export interface SpokenWord {
  word: string;
  start: number;
  end: number;
  conf?: number;
}

/** What was said in one utterance, with word times when the engine gives them. */
export interface SpeechObservation {
  kind: 'speech';
  camera: string;
  /** When the utterance started and ended, epoch ms. */
  start: number;
  end: number;
  text: string;
  words: SpokenWord[];
  /** Engine that produced it, e.g. `pocketsphinx` or `openai:whisper-1`. */
  engine: string;
  /**
   * The utterance's sound, G.711 mu-law at `rate` Hz (`ingest/audio/mulaw.ts`), kept so words
   * nobody configured can be spotted when a question names them. Absent in older memories.
   */
  audio?: { rate: number; mulaw: Uint8Array };
}

/** Anything perception emits. */
export type Observation = FrameObservation | ObjectObservation | EventObservation | SegmentObservation | AudioObservation | SpeechObservation;
