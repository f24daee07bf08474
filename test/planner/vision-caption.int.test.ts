/**
 * Vision captions through the real `openai` package against a SCRIPTED OpenAI-compatible server
 * (node:http) — a stand-in that returns a fixed sentence; no vision model runs here.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { packageRoot } from '../../edge/paths.js';
import { MemoryStore } from '../../memory/store.js';
import { VisionCaptioner } from '../../planner/vision-caption.js';
import { freeTcpPort, runCli, tempDir } from '../helpers/daemon.js';
import { startScriptedServer, type ChatBody, type ScriptedServer } from '../helpers/openai-server.js';

const VIDEO = join(packageRoot(), '..', 'shared', 'videos', 'one-by-one-person-detection.mp4');
const SCRIPTED = 'A person in a grey coat stands at a small round table.';
const KEY = 'sk-test-5f3a9c1e7b';
const MODEL = 'scripted-vision-1';
const START = '2026-11-21T09:00:00Z';

/** Scripted server: the first chat request gets 429 (retry-after: 0), later ones the fixed caption. */
function scriptedServer(): Promise<ScriptedServer> {
  return startScriptedServer({
    chat: (_b, n) => (n === 0 ? { status: 429, retryAfter: 0 } : { content: `  ${SCRIPTED}\n`, usage: { prompt_tokens: 120, completion_tokens: 14 } }),
  });
}

let clip = '';
let dir = '';

before(() => {
  dir = tempDir('vision');
  clip = join(dir, 'cut.mp4');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-ss', '8', '-i', VIDEO, '-t', '6', '-an', '-c:v', 'libx264', '-preset', 'ultrafast', clip]);
});

function config(baseUrl: string): string {
  const file = join(dir, `vigil-${Math.random().toString(36).slice(2)}.json`);
  const cfg = {
    models: { vision: { baseUrl, model: MODEL, apiKey: KEY, timeoutMs: 5000, retries: 2 } },
    cameras: [{ id: 'cafe', url: clip, detector: { model: 'none' } }],
  };
  writeFileSync(file, JSON.stringify(cfg));
  return file;
}

function segmentsOf(data: string): ReturnType<MemoryStore['segments']> {
  const store = new MemoryStore({ dir: data, readOnly: true });
  store.open();
  try {
    return store.segments(0, Number.MAX_SAFE_INTEGER, 'cafe');
  } finally {
    void store.close();
  }
}

const servers: ScriptedServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});

test('VisionCaptioner retries a 429 and sends the keyframe, facts, model and key', async () => {
  const srv = await scriptedServer();
  servers.push(srv);
  const seen = srv.requests;
  const v = new VisionCaptioner({ baseUrl: srv.baseUrl, model: MODEL, apiKey: KEY, timeoutMs: 5000, retries: 2 });
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
  assert.equal(await v.caption(jpeg, '1 person'), SCRIPTED);
  assert.deepEqual(seen.map((s) => s.status), [429, 200]);
  const last = seen[1];
  assert.ok(last);
  const body = last.body as ChatBody;
  assert.equal(body.model, MODEL);
  assert.equal(last.headers.authorization, `Bearer ${KEY}`);
  const user = JSON.stringify(body.messages.find((m) => m.role === 'user'));
  assert.match(user, /Detected: 1 person/);
  assert.ok(user.includes(`data:image/jpeg;base64,${jpeg.toString('base64')}`));
  assert.equal(v.stats.calls, 1);
  assert.equal(v.stats.failures, 0);
  assert.equal(v.stats.promptTokens, 120);
  assert.equal(v.stats.completionTokens, 14);
  const ac = new AbortController();
  ac.abort();
  await assert.rejects(v.caption(jpeg, 'x', ac.signal));
  assert.equal(v.stats.failures, 1);
});

test('replay adds the (scripted) vision caption to segment captions', async () => {
  const srv = await scriptedServer();
  servers.push(srv);
  const seen = srv.requests;
  const data = join(dir, 'data-ok');
  const r = await runCli(['replay', clip, '--camera', 'cafe', '--start', START, '--data', data, '--realtime', '--config', config(srv.baseUrl)], { VIGIL_LOG__LEVEL: 'debug' });
  assert.equal(r.code, 0, r.stderr);
  assert.ok(!r.stderr.includes(KEY), 'the key never reaches the logs');
  assert.match(r.stderr, /vision captions [1-9]/);

  const segs = segmentsOf(data);
  assert.ok(segs.length >= 3, `segments: ${segs.length}`);
  const captioned = segs.filter((s) => s.visionCaption !== undefined);
  assert.ok(captioned.length >= 1, 'at least one segment got a vision caption');
  for (const s of captioned) {
    assert.equal(s.visionCaption, SCRIPTED);
    assert.equal(s.caption, `nothing detected — ${SCRIPTED}`);
    assert.equal(s.keyframe, true);
  }
  for (const s of segs.filter((x) => x.visionCaption === undefined)) assert.equal(s.caption, 'nothing detected');

  const chats = seen.filter((s) => s.path === '/v1/chat/completions');
  assert.equal(chats[0]?.status, 429, 'the first reply was a 429');
  assert.equal(chats.filter((s) => s.status === 200).length, captioned.length, 'each success stored once');
  for (const s of chats) {
    const body = s.body as ChatBody;
    assert.equal(body.model, MODEL);
    assert.equal(s.headers.authorization, `Bearer ${KEY}`);
    const user = body.messages.find((m) => m.role === 'user');
    const parts = user?.content as { type: string; text?: string; image_url?: { url: string } }[];
    assert.ok(parts.some((p) => p.type === 'text' && p.text === 'Detected: nothing detected'));
    assert.ok(parts.some((p) => p.type === 'image_url' && p.image_url?.url.startsWith('data:image/jpeg;base64,/9j/')));
  }
});

test('replay with the vision server down still writes fact captions', async () => {
  const port = await freeTcpPort();
  const data = join(dir, 'data-down');
  const r = await runCli(['replay', clip, '--camera', 'cafe', '--start', START, '--data', data, '--config', config(`http://127.0.0.1:${port}/v1`)], { VIGIL_LOG__LEVEL: 'warn' });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /vision caption failed/);
  assert.match(r.stderr, /vision captions 0 \(failed [1-9]/);
  assert.ok(!r.stderr.includes(KEY));
  const segs = segmentsOf(data);
  assert.ok(segs.length >= 3);
  for (const s of segs) {
    assert.equal(s.visionCaption, undefined);
    assert.equal(s.caption, 'nothing detected');
  }
});
