import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { OnnxEmbedder } from '../../../ingest/perception/onnx-embedder.js';
import type { Box, RgbImage } from '../../../ingest/perception/types.js';
import { encoder } from '../../fixtures/onnx-encoder.js';

const dir = mkdtempSync(join(tmpdir(), 'vigil-embed-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, bytes: Uint8Array): string => {
  writeFileSync(join(dir, name), bytes);
  return join(dir, name);
};
const EMBEDS = write('embeds.onnx', encoder({}));
const TOKENS = write('tokens.onnx', encoder({ outputs: 'tokens' }));
const POOLED = write('pooled.onnx', encoder({ outputs: 'pooled' }));
const DYNAMIC = write('dynamic.onnx', encoder({ input: ['batch', 3, 'height', 'width'] }));
const TWO_CHANNEL = write('two-channel.onnx', encoder({ input: [1, 2, 224, 224] }));

const RED = [255, 0, 0] as const;
const BLUE = [0, 0, 255] as const;
type Rgb = readonly [number, number, number];

/** A `w x h` image of `bg` with `fill` painted over each box. */
function image(w: number, h: number, bg: Rgb, paint: [Box, Rgb][] = []): RgbImage {
  const data = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) data.set(bg, i * 3);
  for (const [b, c] of paint) for (let y = b.y1; y < b.y2; y++) for (let x = b.x1; x < b.x2; x++) data.set(c, (y * w + x) * 3);
  return { width: w, height: h, data };
}

const normalise = (v: number[]): number[] => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const imagenet = (c: Rgb): number[] => normalise([(c[0] / 255 - 0.485) / 0.229, (c[1] / 255 - 0.456) / 0.224, (c[2] / 255 - 0.406) / 0.225]);
const EXPECTED_RED = normalise([(1 - 0.485) / 0.229, (0 - 0.456) / 0.224, (0 - 0.406) / 0.225]);
const dot = (a: ArrayLike<number>, b: ArrayLike<number>): number => Array.from(a).reduce((s, x, i) => s + x * (b[i] ?? NaN), 0);
const assertClose = (got: ArrayLike<number>, want: ArrayLike<number>, eps: number, what: string) => {
  assert.equal(got.length, want.length, `${what}: length`);
  for (let i = 0; i < want.length; i++) assert.ok(Math.abs(got[i]! - want[i]!) <= eps, `${what}: [${Array.from(got).join(', ')}] vs [${Array.from(want).join(', ')}]`);
};

const ALL: Box = { x1: 0, y1: 0, x2: 64, y2: 48 };

describe('OnnxEmbedder', () => {
  it('embeds a crop as the L2-normalised model output; red vs red ~1, red vs blue lower', async () => {
    const e = new OnnxEmbedder({ path: EMBEDS });
    assert.equal(e.dim, 0);
    await e.load();
    assert.equal(e.dim, 3);
    assert.deepEqual(e.io, { input: 'pixel_values', output: 'image_embeds' });
    assert.deepEqual(e.size, [224, 224]);
    const red = await e.embed(image(64, 48, RED), ALL);
    assert.ok(red instanceof Float32Array);
    assertClose(red, EXPECTED_RED, 1e-3, 'pure red');
    assertClose([Math.hypot(...red)], [1], 1e-5, 'unit length');
    const red2 = await e.embed(image(200, 100, RED), { x1: 10, y1: 5, x2: 150, y2: 90 });
    const blue = await e.embed(image(64, 48, BLUE), ALL);
    assertClose(blue, imagenet(BLUE), 1e-3, 'pure blue');
    assert.ok(dot(red, red2) > 0.999, `red vs red ${dot(red, red2)}`);
    assert.ok(dot(red, blue) < 0.5, `red vs blue ${dot(red, blue)}`);
    await e.dispose();
  });

  it('honours the box: crops it out of the image and clips it to the image', async () => {
    const e = new OnnxEmbedder({ path: EMBEDS });
    await e.load();
    const inner: Box = { x1: 20, y1: 10, x2: 50, y2: 40 };
    const edge: Box = { x1: 70, y1: 0, x2: 100, y2: 30 };
    const img = image(100, 80, BLUE, [[inner, RED], [edge, RED]]);
    assertClose(await e.embed(img, inner), EXPECTED_RED, 1e-3, 'red box inside a blue image');
    assertClose(await e.embed(img, { x1: 70, y1: -40, x2: 180, y2: 29.5 }), EXPECTED_RED, 1e-3, 'box past the right/top edge');
    assertClose(await e.embed(img, { x1: 0, y1: 50, x2: 100, y2: 80 }), imagenet(BLUE), 1e-3, 'blue strip');
    // Half red, half blue: between the two.
    const half = await e.embed(img, { x1: 5, y1: 10, x2: 35, y2: 40 });
    const mixed = normalise([0, 1, 2].map((c) => ((RED[c]! + BLUE[c]!) / 2 / 255 - [0.485, 0.456, 0.406][c]!) / [0.229, 0.224, 0.225][c]!));
    assertClose(half, mixed, 0.02, 'half red, half blue');
    await e.dispose();
  });

  it('uses the given mean/std', async () => {
    const e = new OnnxEmbedder({ path: EMBEDS, mean: [0, 0, 0], std: [1, 1, 1] });
    await e.load();
    assertClose(await e.embed(image(8, 8, [0, 128, 128]), { x1: 0, y1: 0, x2: 8, y2: 8 }), [0, Math.SQRT1_2, Math.SQRT1_2], 1e-3, 'mean 0, std 1');
    await e.dispose();
  });

  it('takes the CLS token (index 0) of a [1,T,D] output', async () => {
    const e = new OnnxEmbedder({ path: TOKENS });
    await e.load();
    assert.equal(e.dim, 3);
    assert.equal(e.io.output, 'last_hidden_state');
    assertClose(await e.embed(image(64, 48, RED), ALL), EXPECTED_RED, 1e-3, 'CLS of [1,2,3]');
    await e.dispose();
  });

  it('prefers pooler_output over the first output, unless an output is named', async () => {
    const pooled = new OnnxEmbedder({ path: POOLED });
    await pooled.load();
    assert.equal(pooled.io.output, 'pooler_output');
    assertClose(await pooled.embed(image(64, 48, RED), ALL), EXPECTED_RED, 1e-3, 'pooler_output');
    await pooled.dispose();
    const named = new OnnxEmbedder({ path: POOLED, output: 'last_hidden_state' });
    await named.load();
    assertClose(await named.embed(image(64, 48, RED), ALL), EXPECTED_RED.map((x) => -x), 1e-3, 'named last_hidden_state (token 0 = -mean)');
    await named.dispose();
    await assert.rejects(new OnnxEmbedder({ path: POOLED, output: 'nope' }).load(), /no output named nope \(outputs: last_hidden_state, pooler_output\)/);
  });

  it('embedMany equals per-box embed; one run per call for a dynamic batch, one per box otherwise', async () => {
    const img = image(120, 90, BLUE, [[{ x1: 10, y1: 10, x2: 40, y2: 60 }, RED]]);
    const boxes: Box[] = [
      { x1: 10, y1: 10, x2: 40, y2: 60 },
      { x1: 60, y1: 0, x2: 120, y2: 90 },
      { x1: 0, y1: 0, x2: 40, y2: 60 },
      { x1: 25, y1: 30, x2: 90, y2: 85 },
    ];
    for (const [path, batched] of [[DYNAMIC, true], [EMBEDS, false]] as const) {
      const e = new OnnxEmbedder({ path, inputSize: 64 });
      await e.load();
      assert.equal(e.batched, batched);
      assert.deepEqual(e.size, batched ? [64, 64] : [224, 224], 'dynamic spatial dims use inputSize; static ones win');
      const single: Float32Array[] = [];
      for (const b of boxes) single.push(await e.embed(img, b));
      const runs = e.runs;
      const many = await e.embedMany(img, boxes);
      assert.equal(e.runs - runs, batched ? 1 : boxes.length);
      assert.equal(many.length, boxes.length);
      many.forEach((v, i) => assertClose(v, single[i]!, 1e-5, `${path} box ${i}`));
      assertClose(many[0]!, EXPECTED_RED, 1e-3, 'first box is red');
      assertClose(many[1]!, imagenet(BLUE), 1e-3, 'second box is blue');
      assert.deepEqual(await e.embedMany(img, []), []);
      await e.dispose();
    }
    const small = new OnnxEmbedder({ path: DYNAMIC, maxBatch: 3 });
    await small.load();
    const runs = small.runs;
    assert.equal((await small.embedMany(img, boxes)).length, 4);
    assert.equal(small.runs - runs, 2, 'chunks of maxBatch');
    await small.dispose();
  });

  it('serialises concurrent calls and keeps results in order', async () => {
    const e = new OnnxEmbedder({ path: DYNAMIC, inputSize: 32 });
    await e.load();
    // Count overlapping model runs (a slow run makes overlap certain without the queue).
    type Run = (...args: unknown[]) => Promise<unknown>;
    const session = (e as unknown as { session: { run: Run } }).session;
    const run = session.run.bind(session);
    let inFlight = 0;
    let most = 0;
    session.run = async (...args) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 10));
      try {
        return await run(...args);
      } finally {
        inFlight--;
      }
    };
    const img = image(40, 20, BLUE, [[{ x1: 0, y1: 0, x2: 20, y2: 20 }, RED]]);
    const [r, b, m] = await Promise.all([
      e.embed(img, { x1: 0, y1: 0, x2: 20, y2: 20 }),
      e.embed(img, { x1: 20, y1: 0, x2: 40, y2: 20 }),
      e.embedMany(img, [{ x1: 0, y1: 0, x2: 20, y2: 20 }, { x1: 20, y1: 0, x2: 40, y2: 20 }]),
    ]);
    assertClose(r, EXPECTED_RED, 1e-3, 'concurrent red');
    assertClose(b, imagenet(BLUE), 1e-3, 'concurrent blue');
    assertClose(m[0]!, r, 1e-6, 'concurrent many[0]');
    assertClose(m[1]!, b, 1e-6, 'concurrent many[1]');
    assert.equal(most, 1, 'one model run at a time');
    await e.dispose();
  });

  it('refuses inputs that are not [N,3,H,W] with a clear error', async () => {
    await assert.rejects(new OnnxEmbedder({ path: TWO_CHANNEL }).load(), /input pixel_values\[1,2,224,224\] float32 is not an image input; expected \[N, 3, H, W\]/);
    const flat = write('flat.onnx', encoder({ input: [1, 3, 224] }));
    await assert.rejects(new OnnxEmbedder({ path: flat }).load(), /not an image input/);
  });

  it('gives clear errors for a missing file, unavailable providers, and use before load', async () => {
    await assert.rejects(new OnnxEmbedder({ path: join(dir, 'missing.onnx') }).load(), /ONNX embedding model not found: .*missing\.onnx/);
    await assert.rejects(new OnnxEmbedder({ path: EMBEDS, providers: ['tensorrt'] }).load(), /execution provider "tensorrt" is not available/);
    await assert.rejects(new OnnxEmbedder({ path: EMBEDS, providers: ['bogus'] }).load(), /bogus is not supported by onnxruntime-node/);
    const e = new OnnxEmbedder({ path: EMBEDS });
    await assert.rejects(e.embed(image(4, 4, RED), ALL), /embed\(\) called before load\(\)/);
    await assert.rejects(e.embedMany(image(4, 4, RED), [ALL]), /embedMany\(\) called before load\(\)/);
    await e.load();
    await e.dispose();
    await e.dispose();
    await assert.rejects(e.embed(image(4, 4, RED), ALL), /called before load\(\) \(or after dispose\(\)\)/);
    assert.equal(e.dim, 0);
  });
});
