/**
 * Re-ID calibration: replays a clip through detection and tracking, embeds every confirmed track
 * and prints the pairwise similarity matrix with the tracks' time spans, so the grouping
 * thresholds can be set where same-person pairs and different-person pairs separate.
 * Usage: node dist/bench/reid-calibrate.js CLIP
 */
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import { appearanceEmbedding, cosine, EmbeddingMean } from '../ingest/perception/appearance.js';
import { shapeEmbedding } from '../ingest/perception/shape.js';
import { ByteTracker } from '../ingest/perception/bytetrack.js';
import { createDetector } from '../ingest/perception/detectors.js';
import { replayFrames } from '../ingest/replay.js';

const clip = process.argv[2] ?? '';
const det = createDetector({ model: 'centernet' });
await det.load();
const tracker = new ByteTracker();
const embs = new Map<number, { mean: EmbeddingMean; shape: EmbeddingMean; first: number; last: number; label: string; all: [Float32Array, Float32Array][] }>();
for await (const f of replayFrames({ ffmpeg: locateFfmpeg(), file: clip, camera: 'c', startMs: 0, fps: 2, width: 640, realtime: false })) {
  const out = tracker.update(await det.detect(f, { scoreThreshold: 0.2, nmsIou: 0.5, maxDetections: 100 }), f.ts);
  for (const t of out.active) {
    const e = embs.get(t.id) ?? { mean: new EmbeddingMean(), shape: new EmbeddingMean(), first: t.firstSeen, last: t.lastSeen, label: t.label, all: [] };
    e.mean.add(appearanceEmbedding(f, t.box));
    e.shape.add(shapeEmbedding(f, t.box));
    e.all.push([appearanceEmbedding(f, t.box), shapeEmbedding(f, t.box)]);
    e.last = t.lastSeen;
    embs.set(t.id, e);
  }
}
const ids = [...embs.keys()].filter((id) => embs.get(id)?.label === 'person');
console.log('track  span(s)      ' + ids.map((i) => String(i).padStart(10)).join(''));
for (const a of ids) {
  const ea = embs.get(a);
  if (!ea) continue;
  const va = ea.mean.value();
  const sa = ea.shape.value();
  const row = ids.map((b) => {
    const vb = embs.get(b)?.mean.value();
    const sb = embs.get(b)?.shape.value();
    return va && vb && sa && sb ? `${cosine(va, vb).toFixed(2)}/${cosine(sa, sb).toFixed(2)}`.padStart(10) : '    -';
  });
  console.log(`${String(a).padStart(5)}  ${(ea.first / 1000).toFixed(1).padStart(5)}-${(ea.last / 1000).toFixed(1).padEnd(6)} ${row.join('')}`);
}
console.log('same track, first half vs second half (colour/shape):');
for (const id of ids) {
  const all = embs.get(id)?.all ?? [];
  const h = Math.floor(all.length / 2);
  const m = (xs: [Float32Array, Float32Array][], k: 0 | 1) => {
    const e = new EmbeddingMean();
    for (const x of xs) e.add(x[k]);
    return e.value() ?? new Float32Array(0);
  };
  const a = all.slice(0, h);
  const b = all.slice(h);
  // also a short early window (3 frames) vs the rest, as a live track is assigned early
  const c = all.slice(0, 3);
  console.log(id, all.length, `${cosine(m(a, 0), m(b, 0)).toFixed(2)}/${cosine(m(a, 1), m(b, 1)).toFixed(2)}`, `early3 vs rest ${cosine(m(c, 0), m(b, 0)).toFixed(2)}/${cosine(m(c, 1), m(b, 1)).toFixed(2)}`);
}
await det.dispose();
