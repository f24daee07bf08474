import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Observation } from '../../ingest/observations.js';
import { levelOf, SILENCE_DBFS } from '../../ingest/audio/levels.js';
import { AudioPipeline } from '../../ingest/audio/pipeline.js';
import { parsePocketsphinx, wordLoopGrammar } from '../../ingest/audio/pocketsphinx.js';
import { audioArgs } from '../../ingest/audio/session.js';
import { wavFile, type SpeechEngine } from '../../ingest/audio/stt.js';
import { Vad } from '../../ingest/audio/vad.js';
import { silentLogger } from '../helpers/logger.js';

const RATE = 16_000;

/** `ms` of a tone (amplitude 0..1) or of faint noise (amplitude 0). */
function signal(ms: number, amp: number, seed = 1): Int16Array {
  const n = Math.round((ms / 1000) * RATE);
  const out = new Int16Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const noise = ((x / 0x7fffffff) * 2 - 1) * 0.001;
    out[i] = Math.round((amp * Math.sin((2 * Math.PI * 440 * i) / RATE) + noise) * 32767);
  }
  return out;
}

const concat = (...parts: Int16Array[]): Int16Array => {
  const out = new Int16Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

test('levels: a full-scale sine is -3 dBFS RMS and 0 dBFS peak; silence is the floor', () => {
  const l = levelOf(signal(100, 1));
  assert.ok(Math.abs(l.rmsDbfs + 3) < 0.2, String(l.rmsDbfs));
  assert.ok(l.peakDbfs > -0.1);
  assert.deepEqual(levelOf(new Int16Array(100)), { rmsDbfs: SILENCE_DBFS, peakDbfs: SILENCE_DBFS });
});

test('VAD finds two utterances in quiet with their sample positions, and ignores a click', () => {
  const vad = new Vad({ sampleRate: RATE });
  const audio = concat(signal(1000, 0), signal(800, 0.3), signal(1500, 0), signal(40, 0.5), signal(1000, 0), signal(1200, 0.2), signal(1000, 0));
  const utts = [];
  for (let i = 0; i < audio.length; i += 1600) utts.push(...vad.push(audio.slice(i, i + 1600)));
  const last = vad.flush();
  if (last) utts.push(last);
  assert.equal(utts.length, 2, 'the 40 ms click is not speech');
  const secs = utts.map((u) => [u.startSample / RATE, u.endSample / RATE]);
  assert.ok(Math.abs((secs[0]?.[0] ?? 0) - 1.0) < 0.15, JSON.stringify(secs));
  assert.ok(Math.abs((secs[1]?.[0] ?? 0) - 4.34) < 0.15, JSON.stringify(secs));
  assert.ok((secs[0]?.[1] ?? 0) > 1.75 && (secs[0]?.[1] ?? 0) < 2.2, JSON.stringify(secs));
});

test('pipeline: 2 s level windows aligned to wall time, loud events with cooldown, transcripts stamped in wall time', async () => {
  const out: Observation[] = [];
  const heard: number[] = [];
  const engine: SpeechEngine = {
    name: 'scripted',
    transcribe: (samples) => {
      heard.push(samples.length);
      return Promise.resolve({ text: 'red valve', words: [{ word: 'red', start: 0.1, end: 0.3 }, { word: 'valve', start: 0.35, end: 0.7 }] });
    },
  };
  const p = new AudioPipeline({ camera: 'c', sampleRate: RATE, engine, emit: (o) => out.push(o), log: silentLogger(), loudDbfs: -10, loudCooldownMs: 5000 });
  const T0 = Date.parse('2026-11-21T10:00:01Z'); // mid-window: the first window starts at 10:00:00
  const audio = concat(signal(1000, 0), signal(900, 0.2), signal(2000, 0), signal(300, 0.9), signal(200, 0), signal(300, 0.9), signal(2300, 0));
  for (let i = 0; i < audio.length; i += 800) p.push(audio.slice(i, i + 800), T0 + (i / RATE) * 1000);
  await p.flush();
  const windows = out.filter((o) => o.kind === 'audio');
  assert.deepEqual(
    windows.map((w) => (w.kind === 'audio' ? w.start - T0 : NaN)),
    [-1000, 1000, 3000, 5000],
  );
  const loud = out.filter((o) => o.kind === 'event' && o.type === 'loud_sound');
  assert.equal(loud.length, 1, 'the second burst is inside the cooldown');
  assert.ok(loud[0]?.kind === 'event' && Math.abs(loud[0].ts - (T0 + 3900)) <= 150);
  const speech = out.filter((o) => o.kind === 'speech');
  assert.ok(speech.length >= 1);
  const s = speech[0];
  assert.ok(s?.kind === 'speech');
  assert.equal(s.text, 'red valve');
  assert.equal(s.engine, 'scripted');
  assert.ok(Math.abs(s.start - (T0 + 1000)) < 200, `utterance starts about 1 s in (${s.start - T0})`);
  assert.equal(s.words[0]?.start, Math.round(s.start + 100));
  assert.ok(heard.length >= 1);
});

test('pipeline: a failing engine is counted and logged, never stored as speech', async () => {
  const out: Observation[] = [];
  const engine: SpeechEngine = { name: 'broken', transcribe: () => Promise.reject(new Error('engine crashed')) };
  const p = new AudioPipeline({ camera: 'c', sampleRate: RATE, engine, emit: (o) => out.push(o), log: silentLogger() });
  p.push(concat(signal(500, 0), signal(800, 0.3), signal(1000, 0)), Date.now());
  await p.flush();
  assert.equal(p.stats.failed, 1);
  assert.equal(out.filter((o) => o.kind === 'speech').length, 0);
});

test('pocketsphinx output: words with times; fillers, silences and alternates cleaned', () => {
  const t = parsePocketsphinx('the forklift\n<s> 0.000 0.020 0.99\nthe 0.030 0.210 0.5\n(NULL) 0.22 0.3 1.0\n<sil> 0.3 0.5 1\nforklift(2) 0.600 0.990 0.7\n</s> 1.0 1.1 1\n');
  assert.equal(t.text, 'the forklift');
  assert.deepEqual(t.words, [{ word: 'the', start: 0.03, end: 0.21, conf: 0.5 }, { word: 'forklift', start: 0.6, end: 0.99, conf: 0.7 }]);
  assert.match(wordLoopGrammar(['red', 'valve']), /<word> = red \| valve;/);
});

test('audio ffmpeg arguments take the first audio stream at 16 kHz mono s16le; files play in real time, looped', () => {
  const a = audioArgs({ url: '/x/clip.mp4', transport: 'tcp' }, true);
  assert.deepEqual(a.slice(a.indexOf('-re'), a.indexOf('-re') + 3), ['-re', '-stream_loop', '-1']);
  assert.deepEqual(a.slice(a.indexOf('-map'), a.indexOf('-map') + 2), ['-map', '0:a:0']);
  assert.ok(a.join(' ').endsWith('-ar 16000 -f s16le pipe:1'));
  const r = audioArgs({ url: 'rtsp://cam/1', transport: 'udp' }, false);
  assert.deepEqual(r.slice(r.indexOf('-rtsp_transport'), r.indexOf('-rtsp_transport') + 2), ['-rtsp_transport', 'udp']);
  const wav = wavFile(new Int16Array([1, -1]), RATE);
  assert.equal(wav.toString('ascii', 0, 4), 'RIFF');
  assert.equal(wav.readUInt32LE(24), RATE);
  assert.equal(wav.length, 48);
});
