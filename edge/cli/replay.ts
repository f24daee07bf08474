/**
 * `vigil replay`: ingests a recorded file as if it were live, writes the memory, then exits.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { locateFfmpeg } from '../../ingest/ffmpeg/locate.js';
import { replayFrames } from '../../ingest/replay.js';
import { MemoryComponent } from '../components/memory.js';
import { holdDataDir } from '../data-lock.js';
import { runStamp } from '../../ingest/perception/reid.js';
import { identitySeeds } from '../components/identity-seeds.js';
import { AutoDetector } from '../../ingest/perception/auto-detector.js';
import type { OrientationStatus } from '../../ingest/perception/orientation-choice.js';
import { cameraPerception, captionError, detectorFor, encoderFor, logOrientation, ocrFor, visionCaptionerFor, type PerceptionConfig } from '../components/perception.js';
import { speechEngines } from '../components/audio.js';
import { loadConfig } from '../config/load.js';
import { defaultCamera } from '../config/default-camera.js';
import type { CameraConfig } from '../config/schema.js';
import { endpointOf } from '../config/answering.js';
import { replaySound } from './replay-sound.js';
import { createLogger } from '../log.js';
import { int, isoTime, parse, str, UsageError } from './args.js';

/** Help text. */
export const REPLAY_HELP = `vigil replay FILE --camera ID --start ISO8601 [--data DIR] [--realtime] [--fps N] [--width N] [--until SECONDS]
             [--config FILE] [--detector auto|centernet|centernet-tfjs|nanodet|ssd-oidv4|none]
  Ingests a recorded file as if live: frame time = start + the frame's presentation time.
  Runs as fast as the machine allows unless --realtime; exits once the memory is written.
  --data     data directory to write (default: data of --config, else ./data)
  --until    stop at this media time, leaving the memory as a live daemon held it then (visits in
             progress stay open: ask about "now" with --now; the next run closes them)
  Perception settings (detector, zones, lines) come from the camera with the same id in --config.`;

/** Runs a replay; resolves with the exit code. */
export async function replayCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    camera: { type: 'string' },
    start: { type: 'string' },
    data: { type: 'string' },
    realtime: { type: 'boolean' },
    fps: { type: 'string' },
    width: { type: 'string' },
    config: { type: 'string' },
    detector: { type: 'string' },
    until: { type: 'string' },
  });
  const file = positionals[0];
  if (!file) throw new UsageError('FILE is required');
  if (!existsSync(file)) throw new UsageError(`file not found: ${file}`);
  const camera = str(values.camera);
  if (!camera || !/^[A-Za-z0-9_-]{1,64}$/.test(camera)) throw new UsageError('--camera ID is required (letters, digits, "_" or "-")');
  const startMs = isoTime(str(values.start), 'start');
  const fps = int(values.fps, 'fps', 1, 30) ?? 2;
  const until = seconds(values.until);
  const cfg = loadConfig({ file: str(values.config) });
  // the data directory to write: --data, else the config's data (default ./data). Converted models
  // stay cached under the config's data, as before, so a replay into a new directory does not convert them again.
  const data = str(values.data) ?? cfg.data;
  const known = cfg.cameras.find((c) => c.id === camera);
  // a camera the config does not name gets the defaults of a new camera, said out loud (never
  // another camera's settings)
  const camCfg: CameraConfig = known ?? defaultCamera(camera, file);
  if (!known) process.stderr.write(`replay: camera ${camera} is not in the config: default settings (all classes, no zones or lines, sound on)\n`);
  const width = int(values.width, 'width', 64, 3840) ?? camCfg.width;
  const base: PerceptionConfig = camCfg;
  const model = str(values.detector);
  if (model && !['auto', 'centernet', 'centernet-tfjs', 'nanodet', 'ssd-oidv4', 'none'].includes(model)) throw new UsageError('--detector must be auto, centernet, centernet-tfjs, nanodet, ssd-oidv4 or none');
  const pcfg: PerceptionConfig = { ...base, id: camera, detector: { ...base.detector, ...(model ? { model: model as CameraConfig['detector']['model'] } : {}) } };

  const abort = new AbortController();
  const log = createLogger(process.env.VIGIL_LOG__LEVEL ?? 'warn', 2, cfg.log.format);
  // a replay writes the memory: never beside a daemon (or another replay) on the same directory
  const lock = holdDataDir(resolve(data), 'replay', log);
  const memory = new MemoryComponent(resolve(data), log);
  const detector = detectorFor(pcfg, join(cfg.data, 'models'));
  await detector?.load();
  const reader = ocrFor(pcfg);
  await reader?.load();
  const encoder = encoderFor(pcfg);
  await encoder?.load();
  const captioner = visionCaptionerFor(pcfg, cfg.models.vision);
  let captionFailures = 0;
  // the memory opens first: this replay is a run of the data directory, and its object ids carry the run's stamp
  await memory.start();
  const run = runStamp(memory.store.beginRun());
  // a replay into a data directory that saw this camera before goes on with its objects' ids
  const seeds = (await identitySeeds(memory.store, [camera], startMs)).get(camera) ?? [];
  const perception = cameraPerception(
    pcfg,
    detector,
    reader,
    encoder,
    captioner && {
      captioner: { caption: (jpeg, facts) => captioner.caption(jpeg, facts, abort.signal) },
      onLate: (o) => memory.write(o),
      onLateError: (e, start) => {
        if (captionFailures++ % 20 === 0) log.warn({ camera, segment: start, err: captionError(e), failed: captionFailures }, 'vision caption failed; segment keeps its fact caption');
      },
    },
    run,
    seeds,
    (s) => logOrientation(log, camera, s),
  );
  const onSignal = (): void => abort.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let frames = 0;
  let lastTs = startMs;
  const t0 = Date.now();
  const ffmpeg = locateFfmpeg();
  const sound = replaySound({ camera: camCfg, file, startMs, realtime: Boolean(values.realtime), ffmpeg, engines: speechEngines(endpointOf(cfg.models.transcription)), write: (o) => memory.write(o), log, signal: abort.signal });
  let heard: Awaited<typeof sound> | undefined;
  let stopped = false;
  try {
    for await (const f of replayFrames({ ffmpeg, file, camera, startMs, fps, width, realtime: Boolean(values.realtime), signal: abort.signal })) {
      // stopped at T: nothing is flushed, so the memory holds what a live daemon held at T
      if (until !== undefined && f.ts - startMs > until * 1000) {
        stopped = true;
        break;
      }
      for (const o of await perception.process(f)) memory.write(o);
      lastTs = f.ts;
      frames++;
      if (frames % 100 === 0) process.stderr.write(`\rreplay ${camera}: ${frames} frames, media time ${((f.ts - startMs) / 1000).toFixed(1)} s`);
    }
    if (!stopped) for (const o of perception.flush(lastTs)) memory.write(o);
  } finally {
    heard = await sound;
    await perception.flushLate();
    await detector?.dispose();
    await reader?.dispose();
    await encoder?.dispose();
    await memory.store.noteOrientation(camera, perception.orientationStatus().orientation).catch((e: unknown) => log.warn({ camera, err: (e as Error).message }, "could not keep the camera's orientation"));
    await memory.stop();
    lock.release();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const secs = (Date.now() - t0) / 1000;
  const st = perception.stats;
  const said = heard && heard.seconds > 0 ? `, sound ${heard.seconds} s (${heard.loudEvents} loud, ${heard.transcribed} transcribed by ${heard.engine ?? 'no engine'})` : '';
  const turned = orientationWords(perception.orientationStatus());
  const vis = captioner ? `, vision captions ${st.captions.ok} (failed ${st.captions.failed}, skipped while busy ${st.captions.skipped}; ${captioner.stats.calls} calls, ${captioner.stats.promptTokens + captioner.stats.completionTokens} tokens)` : '';
  process.stderr.write(
    `\rreplay ${camera}: ${frames} frames in ${secs.toFixed(1)} s (detector ${detector ? `${detector.model}/${detector.backend}` : 'none'}${detector instanceof AutoDetector ? ` running ${detector.status().running}` : ''} on ${st.detected} frames)${turned}${said}${vis}, memory written to ${resolve(data)}\n`,
  );
  return abort.signal.aborted ? 130 : 0;
}

/** The camera's orientation for the summary line: said when set or chosen, with the probe's scores. */
function orientationWords(s: OrientationStatus): string {
  if (s.mode === 'pinned') return `, orientation ${s.orientation} (pinned)`;
  if (s.setting !== 'auto') return '';
  const scores = `${Object.entries(s.scores).map(([o, v]) => `${o} ${v}`).join(', ')} over ${s.seen} frames`;
  const state = s.mode === 'probing' ? 'still probing' : s.mode === 'waiting' ? 'a turn chosen, waiting for nothing tracked' : 'chosen';
  return `, orientation ${s.orientation} (auto, ${state}: ${scores}${s.warning ? '; the picture looks turned but the camera has zones or lines' : ''})`;
}

/** `--until SECONDS`: a media time, seconds (decimals allowed). */
function seconds(v: string | boolean | undefined): number | undefined {
  const s = str(v);
  if (s === undefined) return undefined;
  const n = Number(s);
  if (!/^\d+(?:\.\d+)?$/.test(s) || !Number.isFinite(n)) throw new UsageError('--until must be a number of seconds, e.g. 42.5');
  return n;
}
