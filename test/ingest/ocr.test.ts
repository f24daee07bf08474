import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { locateFfmpeg } from '../../ingest/ffmpeg/locate.js';
import type { OcrText } from '../../ingest/observations.js';
import { normalizeText, PaddleOcrReader, TextDeduper } from '../../ingest/perception/ocr.js';
import type { Box } from '../../ingest/perception/types.js';
import type { Frame } from '../../ingest/types.js';
import { SHARED_VIDEOS } from '../helpers/rtsp-server.js';


const CLIP = join(SHARED_VIDEOS, 'bottle-detection.mp4');
const W = 640;
const H = 360;

/** A bold sans TrueType font for drawtext. */
function fontFile(): string {
  const dejavu = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';
  if (existsSync(dejavu)) return dejavu;
  const found = execFileSync('fc-match', ['-f', '%{file}', 'sans:bold'], { encoding: 'utf8' }).trim();
  assert.ok(found && existsSync(found), 'no font for ffmpeg drawtext (install fonts-dejavu-core)');
  return found;
}

interface Label {
  text: string;
  x: number;
  y: number;
  /** Draw on a filled box of this colour (else bare glyphs). */
  box?: string;
  color: string;
}

/** Frame 2 s into the clip, 640x360, with `labels` drawn on it, as packed RGB24. */
function frameWith(labels: Label[], ts = 0): Frame {
  const font = fontFile();
  const draw = labels.map(
    (l) => `drawtext=fontfile=${font}:text='${l.text}':fontsize=40:fontcolor=${l.color}:x=${l.x}:y=${l.y}` + (l.box ? `:box=1:boxcolor=${l.box}:boxborderw=8` : ''),
  );
  const vf = [`scale=${W}:${H}`, ...draw].join(',');
  const args = ['-v', 'error', '-ss', '2', '-i', CLIP, '-frames:v', '1', '-vf', vf, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'];
  const data = execFileSync(locateFfmpeg().path, args, { maxBuffer: 16 << 20 });
  assert.equal(data.length, W * H * 3);
  return { camera: 'test', seq: 0, ts, width: W, height: H, data };
}

/** Bounding box of the pixels that differ between two frames (where something was drawn). */
function diffBox(a: Frame, b: Frame): Box {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      const d = Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) + Math.abs((a.data[i + 1] ?? 0) - (b.data[i + 1] ?? 0)) + Math.abs((a.data[i + 2] ?? 0) - (b.data[i + 2] ?? 0));
      if (d > 60) {
        x1 = Math.min(x1, x);
        y1 = Math.min(y1, y);
        x2 = Math.max(x2, x + 1);
        y2 = Math.max(y2, y + 1);
      }
    }
  }
  assert.ok(x2 > x1, 'nothing was drawn');
  return { x1, y1, x2, y2 };
}

function iou(a: Box, b: Box): number {
  const iw = Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1));
  const ih = Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
  const inter = iw * ih;
  return inter / ((a.x2 - a.x1) * (a.y2 - a.y1) + (b.x2 - b.x1) * (b.y2 - b.y1) - inter);
}

/** A text's identity for these assertions: OCR may drop the space between two words. */
const squash = (text: string) => normalizeText(text).replace(/ /g, '');

/** Asserts `texts` holds `want` with a box over `where` (IoU > 0.5, centre inside). */
function assertRead(texts: OcrText[], want: string, where: Box): OcrText {
  const t = texts.find((x) => squash(x.text) === squash(want));
  assert.ok(t, `"${want}" not read; got ${JSON.stringify(texts)}`);
  const cx = (t.box.x1 + t.box.x2) / 2;
  const cy = (t.box.y1 + t.box.y2) / 2;
  assert.ok(cx > where.x1 && cx < where.x2 && cy > where.y1 && cy < where.y2, `"${want}" box ${JSON.stringify(t.box)} not over ${JSON.stringify(where)}`);
  assert.ok(iou(t.box, where) > 0.5, `"${want}" box ${JSON.stringify(t.box)} too far from ${JSON.stringify(where)} (IoU ${iou(t.box, where).toFixed(2)})`);
  assert.ok(t.score >= 0.5 && t.score <= 1, `score ${t.score}`);
  return t;
}

// "LINE B" white on a black plate top-left; "BENCH 2" as bare black glyphs on the light table.
const lineB: Label = { text: 'LINE B', x: 40, y: 30, box: 'black', color: 'white' };
const bench2: Label = { text: 'BENCH 2', x: 380, y: 290, color: 'black' };
const base = frameWith([]);
const scene = frameWith([lineB, bench2]);
const whereLineB = diffBox(base, frameWith([lineB]));
const whereBench2 = diffBox(base, frameWith([bench2]));

const full = new PaddleOcrReader();
const readers: PaddleOcrReader[] = [full];
after(async () => {
  for (const r of readers) await r.dispose();
});

test('reads both drawn texts with boxes where they were drawn, in frame pixels', async () => {
  await full.load();
  const texts = await full.read(scene);
  assertRead(texts, 'LINE B', whereLineB);
  assertRead(texts, 'BENCH 2', whereBench2);
  // the unmarked clip frame has no text
  assert.deepEqual(await full.read(base), []);
});

test('a blank frame returns no text', async () => {
  const blank: Frame = { camera: 'test', seq: 0, ts: 0, width: W, height: H, data: Buffer.alloc(W * H * 3, 128) };
  assert.deepEqual(await full.read(blank), []);
});

test('regions restrict reading to their crops; boxes stay in frame pixels', async () => {
  const topLeft = new PaddleOcrReader({ regions: [{ x1: 0, y1: 0, x2: 0.5, y2: 0.4 }] });
  const bottomRight = new PaddleOcrReader({ regions: [{ x1: 0.5, y1: 0.7, x2: 1, y2: 1 }] });
  readers.push(topLeft, bottomRight);
  const a = await topLeft.read(scene);
  assertRead(a, 'LINE B', whereLineB);
  assert.equal(a.length, 1, `only LINE B expected: ${JSON.stringify(a)}`);
  const b = await bottomRight.read(scene);
  assertRead(b, 'BENCH 2', whereBench2);
  assert.equal(b.length, 1, `only BENCH 2 expected: ${JSON.stringify(b)}`);
  assert.throws(() => new PaddleOcrReader({ regions: [{ x1: 0, y1: 0, x2: 2, y2: 1 }] }), /normalised box/);
});

test('minChars and minScore drop short or unsure texts', async () => {
  // "LINE B" has 5 non-space characters, "BENCH 2" has 6
  const six = new PaddleOcrReader({ minChars: 6 });
  readers.push(six);
  const texts = await six.read(scene);
  assert.deepEqual(texts.map((t) => squash(t.text)), ['bench2']);
  const strict = new PaddleOcrReader({ minScore: 1.01 });
  readers.push(strict);
  assert.deepEqual(await strict.read(scene), []);
});

test('concurrent reads are serialised and each gets its own result', async () => {
  const engine = (full as unknown as { engine: { detect(b: Buffer): Promise<unknown> } }).engine;
  const detect = engine.detect.bind(engine);
  let active = 0;
  let peak = 0;
  engine.detect = async (b: Buffer) => {
    peak = Math.max(peak, ++active);
    try {
      return await detect(b);
    } finally {
      active--;
    }
  };
  try {
    const [r1, r2, r3] = await Promise.all([full.read(scene), full.read(base), full.read(scene)]);
    assert.equal(peak, 1, 'reads overlapped');
    assert.deepEqual(r1, r3);
    assert.equal(r1?.length, 2);
    assert.deepEqual(r2, []);
  } finally {
    engine.detect = detect;
  }
});

test('missing model files give a clear error', async () => {
  const r = new PaddleOcrReader({ models: { detectionPath: '/nonexistent/det.onnx', recognitionPath: '/nonexistent/rec.onnx', dictionaryPath: '/nonexistent/keys.txt' } });
  await assert.rejects(r.load(), /OCR model files missing: \/nonexistent\/det\.onnx, \/nonexistent\/rec\.onnx, \/nonexistent\/keys\.txt/);
  await assert.rejects(r.read(base), /OCR model files missing/);
});

test('normalizeText trims, case-folds and collapses whitespace', () => {
  assert.equal(normalizeText('  Line \t  B\n'), 'line b');
  assert.equal(normalizeText('ＬＩＮＥ　Ｂ'), 'line b'); // full-width forms fold too
});

test('TextDeduper merges repeats within the window and starts anew after it', () => {
  const box = (x: number): Box => ({ x1: x, y1: 0, x2: x + 10, y2: 10 });
  const d = new TextDeduper(5);
  const t0 = 1_000_000;
  assert.deepEqual(d.add([{ text: 'LINE B', box: box(1), score: 0.7 }, { text: 'Bench 2', box: box(50), score: 0.9 }], t0).map((e) => e.key), ['line b', 'bench 2']);
  // same texts, other case and spacing, 2 s and 6 s later (each within 5 s of the last sighting)
  assert.deepEqual(d.add([{ text: 'line  b ', box: box(2), score: 0.95 }], t0 + 2000), []);
  assert.deepEqual(d.add([{ text: 'LINE B', box: box(3), score: 0.8 }, { text: 'LINE B', box: box(3), score: 0.6 }], t0 + 6000), []);
  let all = d.entries();
  assert.equal(all.length, 2);
  assert.deepEqual(all[0], { key: 'line b', text: 'line  b ', box: box(2), score: 0.95, firstSeen: t0, lastSeen: t0 + 6000, count: 4 });
  assert.deepEqual(all[1], { key: 'bench 2', text: 'Bench 2', box: box(50), score: 0.9, firstSeen: t0, lastSeen: t0, count: 1 });
  // BENCH 2 comes back 10 s after it was last seen: a new entry
  const again = d.add([{ text: 'BENCH 2', box: box(60), score: 0.6 }], t0 + 10_000);
  assert.equal(again.length, 1);
  all = d.entries();
  assert.equal(all.length, 3);
  assert.deepEqual(all.map((e) => [e.key, e.firstSeen, e.lastSeen, e.score]), [
    ['line b', t0, t0 + 6000, 0.95],
    ['bench 2', t0, t0, 0.9],
    ['bench 2', t0 + 10_000, t0 + 10_000, 0.6],
  ]);
  // entries() returns copies
  all[0]!.score = 0;
  assert.equal(d.entries()[0]?.score, 0.95);
  // prune closes what can no longer merge; an empty text is ignored
  assert.deepEqual(d.prune(t0 + 11_500).map((e) => e.firstSeen), [t0, t0]);
  assert.equal(d.entries().length, 1);
  assert.deepEqual(d.add([{ text: '   ', box: box(0), score: 1 }], t0 + 12_000), []);
  d.clear();
  assert.deepEqual(d.entries(), []);
});

test('TextDeduper over OCR of consecutive frames keeps one entry per text', async () => {
  const d = new TextDeduper(10);
  for (let i = 0; i < 3; i++) d.add(await full.read({ ...scene, ts: 5000 + i * 1000 }), 5000 + i * 1000);
  const all = d.entries();
  assert.deepEqual(all.map((e) => [squash(e.key), e.count, e.firstSeen, e.lastSeen]).sort(), [
    ['bench2', 3, 5000, 7000],
    ['lineb', 3, 5000, 7000],
  ]);
});
