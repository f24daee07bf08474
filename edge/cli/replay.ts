/**
 * `vigil replay`: ingests a recorded file as if it were live, writes the memory, then exits.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { locateFfmpeg } from '../../ingest/ffmpeg/locate.js';
import { replayFrames } from '../../ingest/replay.js';
import { MemoryComponent } from '../components/memory.js';
import { createLogger } from '../log.js';
import { int, isoTime, parse, str, UsageError } from './args.js';

/** Help text. */
export const REPLAY_HELP = `vigil replay FILE --camera ID --start ISO8601 --data DIR [--realtime] [--fps N] [--width N]
  Ingests a recorded file as if live: frame time = start + the frame's presentation time.
  Runs as fast as the machine allows unless --realtime; exits once the memory is written.`;

/** Runs a replay; resolves with the exit code. */
export async function replayCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    camera: { type: 'string' },
    start: { type: 'string' },
    data: { type: 'string' },
    realtime: { type: 'boolean' },
    fps: { type: 'string' },
    width: { type: 'string' },
  });
  const file = positionals[0];
  if (!file) throw new UsageError('FILE is required');
  if (!existsSync(file)) throw new UsageError(`file not found: ${file}`);
  const camera = str(values.camera);
  if (!camera || !/^[A-Za-z0-9_-]{1,64}$/.test(camera)) throw new UsageError('--camera ID is required (letters, digits, "_" or "-")');
  const data = str(values.data);
  if (!data) throw new UsageError('--data DIR is required');
  const startMs = isoTime(str(values.start), 'start');
  const fps = int(values.fps, 'fps', 1, 30) ?? 2;
  const width = int(values.width, 'width', 64, 3840) ?? 640;

  const log = createLogger(process.env.VIGIL_LOG__LEVEL ?? 'warn');
  const memory = new MemoryComponent(resolve(data), log);
  await memory.start();
  const abort = new AbortController();
  const onSignal = (): void => abort.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let frames = 0;
  const t0 = Date.now();
  try {
    for await (const f of replayFrames({ ffmpeg: locateFfmpeg(), file, camera, startMs, fps, width, realtime: Boolean(values.realtime), signal: abort.signal })) {
      memory.sink(f);
      frames++;
      if (frames % 100 === 0) process.stderr.write(`\rreplay ${camera}: ${frames} frames, media time ${((f.ts - startMs) / 1000).toFixed(1)} s`);
    }
  } finally {
    await memory.stop();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const secs = (Date.now() - t0) / 1000;
  process.stderr.write(`\rreplay ${camera}: ${frames} frames in ${secs.toFixed(1)} s, memory written to ${resolve(data)}\n`);
  return abort.signal.aborted ? 130 : 0;
}
