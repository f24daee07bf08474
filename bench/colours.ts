/**
 * Cost of colour naming (see `ingest/perception/colours.ts`): the one-by-one clip decoded at 2 fps,
 * 640x360, and the sixth person's bands read on each frame of their visit (125-135 s) with the box
 * they stand in (measured from a replay: x 320-415, y 5-327). Prints the median and 95th percentile
 * time of one sample (scene cast + two bands) and what a track of 32 samples (the most kept) costs.
 * Usage: node dist/bench/colours.js
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import { TrackColours } from '../ingest/perception/colours.js';
import { replayFrames } from '../ingest/replay.js';
import { SHARED_VIDEOS } from '../test/helpers/rtsp-server.js';

const BOX = { x1: 320, y1: 5, x2: 415, y2: 327 };
const times: number[] = [];
let named = '';
for (let rep = 0; rep < 5; rep++) {
  const t = new TrackColours('person');
  for await (const f of replayFrames({ ffmpeg: locateFfmpeg(), file: join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4'), camera: 'c', startMs: 0, fps: 2, width: 640, realtime: false })) {
    if (f.ts < 125_000 || f.ts > 135_000) continue;
    const t0 = performance.now();
    t.add(f, BOX, f.ts + rep);
    times.push(performance.now() - t0);
  }
  const v = t.value();
  named = `upper ${v?.upper?.term ?? '-'}, lower ${v?.lower?.term ?? '-'} (${v?.samples ?? 0} samples)`;
}
times.sort((a, b) => a - b);
const q = (p: number): number => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? NaN;
console.log(`colour naming: ${times.length} samples, median ${q(0.5).toFixed(3)} ms, p95 ${q(0.95).toFixed(3)} ms per sample; a 32-sample track ${(32 * q(0.5)).toFixed(1)} ms; named ${named}`);
