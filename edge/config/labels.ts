/**
 * The class names a configured detector can report, to check `classes`, `classThresholds` and
 * rule classes against, and a did-you-mean for misspelt names.
 */
import { readFileSync, statSync } from 'node:fs';
import { COCO_LABELS } from '../../ingest/perception/coco.js';
import { oidv4Labels } from '../../ingest/perception/oidv4-labels.js';
import { CONFUSABLE_GROUPS } from '../../ingest/perception/label-groups.js';
import { onnxMetadata, parseLabels } from '../../ingest/perception/onnx-detector.js';

/** Largest ONNX file read for its embedded class names (bigger ones are not checked). */
const MAX_MODEL_BYTES = 512 * 1024 * 1024;

/** The class names of a detector: `null` when they cannot be known before it loads. */
export interface DetectorVocabulary {
  /** Model name for messages. */
  model: string;
  /** Every class it can report (empty for `none`), or null when unknown. */
  labels: readonly string[] | null;
}

function onnxLabels(onnx: unknown): readonly string[] | null {
  const o = onnx && typeof onnx === 'object' ? (onnx as { path?: unknown; labels?: unknown }) : {};
  try {
    if (typeof o.labels === 'string') return parseLabels(readFileSync(o.labels, 'utf8'));
    if (typeof o.path !== 'string' || statSync(o.path).size > MAX_MODEL_BYTES) return null;
    const names = onnxMetadata(readFileSync(o.path)).names;
    return names ? parseLabels(names) : null;
  } catch {
    // unreadable here: the detector reports it when it loads
    return null;
  }
}

/**
 * What a raw (unvalidated) `detector` entry can detect: COCO for the bundled models, the labels
 * file or the model's embedded names for ONNX, nothing for `none`.
 */
export function detectorVocabulary(detector: unknown): DetectorVocabulary {
  const d = detector && typeof detector === 'object' ? (detector as { model?: unknown; onnx?: unknown }) : {};
  const model = typeof d.model === 'string' ? d.model : 'auto';
  switch (model) {
    case 'auto':
      return { model, labels: [...COCO_LABELS, ...(CONFUSABLE_GROUPS[0] ?? []).filter((l) => !COCO_LABELS.includes(l))] };
    case 'centernet':
    case 'centernet-tfjs':
    case 'nanodet':
      return { model, labels: COCO_LABELS };
    case 'ssd-oidv4':
      return { model, labels: oidv4Labels().filter((l) => l !== 'background') };
    case 'none':
      return { model, labels: [] };
    case 'onnx':
      return { model, labels: onnxLabels(d.onnx) };
    default:
      return { model, labels: null };
  }
}

/** Edit distance (insertions, deletions, substitutions) between two strings. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The closest candidate to a misspelt word (case ignored), when it is close enough: at most one
 * edit per three letters, and at least one.
 */
export function didYouMean(word: string, candidates: Iterable<string>): string | null {
  const w = word.toLowerCase();
  let best: string | null = null;
  let bestD = Math.max(1, Math.floor(w.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase());
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best;
}

/** `unknown class "persn" for detector centernet; did you mean "person"?` */
export function unknownClassMessage(cls: string, model: string, labels: Iterable<string>): string {
  const hint = didYouMean(cls, labels);
  return `unknown class "${cls}" for detector ${model}${hint ? `; did you mean "${hint}"?` : ''}`;
}
