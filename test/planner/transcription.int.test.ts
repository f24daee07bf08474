import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { OpenAiSpeechEngine } from '../../planner/transcription.js';

/** A scripted Whisper-style server: replies are taken from `script` in order. */
let server: Server;
let baseUrl: string;
const seen: { path: string; auth: string | undefined; body: Buffer }[] = [];
let script: { status: number; body: object }[] = [];

const read = (req: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => resolve(Buffer.concat(parts)));
  });

before(async () => {
  server = createServer((req, res) => {
    void read(req).then((body) => {
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      const next = script.shift() ?? { status: 500, body: { error: { message: 'script exhausted' } } };
      res.writeHead(next.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(next.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

after(() => {
  server.close();
});

const speech = new Int16Array(16000).map((_, i) => Math.round(8000 * Math.sin(i / 5)));

test('Whisper-style endpoint: WAV upload with model and key, word timings back, a 503 retried', async () => {
  seen.length = 0;
  script = [
    { status: 503, body: { error: { message: 'busy' } } },
    { status: 200, body: { text: ' Check the red valve. ', words: [{ word: 'Check', start: 0.1, end: 0.4 }, { word: 'valve', start: 0.9, end: 1.3 }] } },
  ];
  const e = new OpenAiSpeechEngine({ baseUrl, model: 'whisper-1', apiKey: 'sk-test-secret', timeoutMs: 5000, retries: 2 });
  const t = await e.transcribe(speech, 16000);
  assert.equal(e.name, 'openai:whisper-1');
  assert.equal(t.text, 'Check the red valve.');
  assert.deepEqual(t.words, [{ word: 'Check', start: 0.1, end: 0.4 }, { word: 'valve', start: 0.9, end: 1.3 }]);
  assert.equal(seen.length, 2, 'the 503 was retried');
  const req = seen[1];
  assert.equal(req?.path, '/v1/audio/transcriptions');
  assert.equal(req?.auth, 'Bearer sk-test-secret');
  const body = req?.body.toString('latin1') ?? '';
  assert.match(body, /name="model"\r\n\r\nwhisper-1/);
  assert.match(body, /name="response_format"\r\n\r\nverbose_json/);
  assert.match(body, /filename="utterance.wav"/);
  assert.ok(body.includes('RIFF') && body.includes('WAVE'), 'a WAV file is uploaded');
});

test('segment timings only: words are spread over their segment; text only: no words', async () => {
  script = [
    { status: 200, body: { text: 'forklift at dock', segments: [{ id: 0, start: 2, end: 3.5, text: 'forklift at dock' }] } },
    { status: 200, body: { text: 'hello' } },
  ];
  const e = new OpenAiSpeechEngine({ baseUrl, model: 'whisper-1', timeoutMs: 5000, retries: 0 });
  const t = await e.transcribe(speech, 16000);
  assert.deepEqual(t.words.map((w) => [w.word, w.start, w.end]), [['forklift', 2, 2.5], ['at', 2.5, 3], ['dock', 3, 3.5]]);
  assert.deepEqual(await e.transcribe(speech, 16000), { text: 'hello', words: [] });
});

test('an endpoint error rejects with the server status, never returns text', async () => {
  script = [{ status: 400, body: { error: { message: 'unsupported audio' } } }];
  const e = new OpenAiSpeechEngine({ baseUrl, model: 'whisper-1', timeoutMs: 5000, retries: 0 });
  await assert.rejects(e.transcribe(speech, 16000), (err: Error & { status?: number }) => err.status === 400 && /unsupported audio/.test(err.message));
});
