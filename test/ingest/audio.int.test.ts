import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';
import { freeTcpPort, runCli, startDaemon, tempDir } from '../helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer } from '../helpers/rtsp-server.js';
import { speechClip } from '../helpers/speech-clip.js';

interface AudioHealth {
  audio: { camera: string; state: string; transcribed: number; loudEvents: number; windows: number; seconds: number }[];
}

/**
 * The bottle clip with sound: faint pink noise, "The forklift is parked at bench two." spoken by
 * espeak-ng at 5 s, "Please check the red valve." at 20 s, and a loud 1 kHz beep at 31 s.
 */
function clipWithSpeech(dir: string): string {
  return speechClip(dir, join(SHARED_VIDEOS, 'bottle-detection.mp4'), 'bench-with-speech.mp4', {
    seconds: 40,
    spoken: [
      { text: 'The forklift is parked at bench two.', at: 5 },
      { text: 'Please check the red valve.', at: 20 },
    ],
    beeps: [31],
  });
}

test('a camera with sound over RTSP: levels, a loud-sound event, transcripts at the time they were said, and a question about it', async () => {
  const dir = tempDir('audio');
  const clip = clipWithSpeech(dir);
  const rtsp = await startRtspServer({ mounts: [], avMounts: [{ path: '/bench', file: clip }] });
  const port = await freeTcpPort();
  const d = startDaemon({
    port,
    config: {
      node: 'audio',
      cameras: [
        {
          id: 'bench',
          url: rtsp.url('/bench'),
          detector: { model: 'none' },
          audio: { vocabulary: ['forklift', 'parked', 'bench two', 'please check the red valve'] },
        },
      ],
    },
  });
  try {
    await d.waitFor(
      async () => {
        const h = await d.getJson<AudioHealth>('/healthz');
        const a = h.audio.find((x) => x.camera === 'bench');
        // the beep is at 31 s of the clip: wait until 34 s of sound were decoded
        return a && a.transcribed >= 2 && a.loudEvents >= 1 && a.seconds >= 34 ? a : undefined;
      },
      120_000,
      'two transcribed utterances, the beep and 34 s of sound',
    );
  } finally {
    assert.equal(await d.stop(), 0);
    await rtsp.stop();
  }

  const store = new MemoryStore({ dir: d.data, readOnly: true });
  store.open();
  let forkliftAt: number;
  try {
    const q = new MemoryQueries(store);
    const all = { from: 0, to: Date.now() + 60_000 };
    const said = q.transcripts(all);
    assert.ok(said.length >= 2, JSON.stringify(said));
    assert.ok(said.every((u) => u.engine === 'pocketsphinx' && u.camera === 'bench'));
    const hit = q.searchTranscript('forklift', all)[0];
    assert.ok(hit, `"forklift" heard: ${said.map((u) => u.text).join(' | ')}`);
    forkliftAt = hit.at;
    const beep = q.events(all, { type: 'loud_sound' })[0];
    assert.ok(beep, 'the beep raised a loud_sound event');
    // the clip puts "forklift" at about 5.3 s and the beep at 31.0 s
    const apart = (beep.ts - forkliftAt) / 1000;
    assert.ok(Math.abs(apart - 25.7) < 1.0, `beep ${apart.toFixed(2)} s after "forklift" (clip: about 25.7 s)`);
    const cov = q.coverage(all);
    const sinceVideoStart = (forkliftAt - Date.parse(cov.from ?? '')) / 1000;
    assert.ok(sinceVideoStart > 3 && sinceVideoStart < 8, `"forklift" ${sinceVideoStart.toFixed(2)} s after the first frame (clip: about 5.3 s)`);
    const segs = q.segments(all, 'bench');
    const spoken = segs.filter((s) => s.transcript?.includes('forklift'));
    assert.equal(spoken.length, 1, 'the word sits in the segment of its time');
    const word = said.flatMap((u) => u.words).find((w) => w.word === 'forklift');
    assert.ok(word, 'word timings are stored');
    const mid = (word.start + word.end) / 2;
    assert.ok(spoken[0] && spoken[0].start <= mid && mid < spoken[0].end, 'the segment holds the middle of the word');
    const levels = segs.map((s) => s.audio?.rmsDbfs).filter((x): x is number => x !== undefined);
    assert.ok(levels.length >= 10);
    assert.ok(Math.max(...levels) - Math.min(...levels) > 20, `speech windows stand out from the quiet (${Math.min(...levels)}..${Math.max(...levels)} dBFS)`);
  } finally {
    await store.close();
  }

  const a = await runCli(['ask', 'When was the forklift mentioned?', '--data', d.data, '--json', '--tz', 'UTC']);
  assert.equal(a.code, 0, a.stderr);
  const j = JSON.parse(a.stdout) as { answer: string; value: string; evidence: { camera: string }[] };
  assert.equal(j.value, new Date(forkliftAt).toISOString());
  assert.match(j.answer, /forklift.*mentioned at .* on bench/);
  assert.equal(j.evidence[0]?.camera, 'bench');
});
