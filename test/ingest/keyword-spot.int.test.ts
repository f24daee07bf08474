/**
 * Keyword spotting over kept utterances (Debian's pocketsphinx, espeak-ng speech): a phrase the
 * general model mishears is found with its time among other utterances, a phrase nobody said is
 * not, and the offline answer names the spotter; mu-law keeps what the spotter needs.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { spotPhrase, type SpotClip } from '../../ingest/audio/keyword-spot.js';
import { muLawDecode, muLawEncode } from '../../ingest/audio/mulaw.js';
import { tempDir } from '../helpers/daemon.js';

const T0 = Date.parse('2026-11-21T11:00:00Z');

/** espeak-ng speech at 16 kHz mono, as the audio pipeline hears it. */
function spoken(dir: string, text: string, n: number): Int16Array {
  const raw = join(dir, `s${n}.wav`);
  const pcm = join(dir, `s${n}.pcm`);
  execFileSync('espeak-ng', ['-w', raw, text]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-ar', '16000', '-ac', '1', '-f', 's16le', pcm]);
  const b = readFileSync(pcm);
  return new Int16Array(b.buffer, b.byteOffset, b.length / 2);
}

test('a phrase is spotted in the kept sound with its time; a phrase nobody said is not', { timeout: 120_000 }, async () => {
  const dir = tempDir('kws');
  const lines = ['the forklift is parked at bench two', 'please check the pressure gauge', 'lunch is at noon today'];
  // kept as mu-law and decoded, as the memory keeps them
  const clips: SpotClip[] = lines.map((l, i) => ({ camera: 'cam', start: T0 + i * 20_000, rate: 16000, samples: muLawDecode(muLawEncode(spoken(dir, l, i))) }));
  const hits = await spotPhrase(clips, 'pressure');
  assert.equal(hits.length, 1, JSON.stringify(hits));
  const at = (hits[0]?.start ?? 0) - T0;
  assert.ok(at >= 20_000 && at <= 22_500, `"pressure" is in the second utterance, about 0.7 s in: ${at} ms`);
  assert.deepEqual(await spotPhrase(clips, 'valve'), [], 'nobody said valve');
  assert.deepEqual(await spotPhrase(clips, 'zzqx'), [], 'a word the dictionary lacks is never heard');
});

test('mu-law round trip keeps speech within its quantisation step', () => {
  const s = Int16Array.from({ length: 2000 }, (_, i) => Math.round(12000 * Math.sin(i / 7)));
  const back = muLawDecode(muLawEncode(s));
  for (let i = 0; i < s.length; i++) assert.ok(Math.abs((back[i] ?? 0) - (s[i] ?? 0)) <= Math.max(8, Math.abs(s[i] ?? 0) / 16), `${s[i]} -> ${back[i]}`);
});
