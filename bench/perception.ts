/**
 * `npm run bench:perception`: per-stage cost, how many cameras this machine keeps at 2 fps
 * analysis with the motion gate on and off, motion-gate savings and accuracy on the shared clips.
 * Writes bench/results/perception.json.
 *
 * Env: BENCH_PROBE_SECONDS (per camera-count probe, default 30), BENCH_WARMUP_SECONDS (before each probe, default 5), BENCH_MAX_CAMERAS (default 20;
 * probed 1, 2, 4, then every 2),
 * BENCH_ONLY=ocr, BENCH_ONLY=detect, BENCH_ONLY=accuracy or BENCH_ONLY=cameras (measure only OCR, only the CenterNet
 * detector stage on ONNX Runtime and TF.js, only the accuracy on the long clips, or only the camera-count probes, BENCH_GATE=on/off for
 * one of them, and merge it into the last results; BENCH_DETECTOR=auto runs the camera-count probes with the daemon's default,
 * each camera choosing between centernet and ssd-oidv4 (a few probing at once: BENCH_PROBE_SLOTS, default the daemon's 4, 0 for all at once) and probing its orientation, written as `..._auto`). Each probe also reports the cores used by this
 * process (main thread and detector workers), by the ffmpeg decoders, and how busy the main thread was.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '../edge/paths.js';
import { locateFfmpeg } from '../ingest/ffmpeg/locate.js';
import { DETECTOR_TRACKING, CameraPerception } from '../ingest/perception/pipeline.js';
import { createDetector } from '../ingest/perception/detectors.js';
import { AutoDetector } from '../ingest/perception/auto-detector.js';
import { DEFAULT_PROBE_SLOTS, ProbeSlots } from '../ingest/perception/probe-slots.js';
import { PaddleOcrReader } from '../ingest/perception/ocr.js';
import { defaultDetectorWorkers, WorkerDetector } from '../ingest/perception/worker-detector.js';
import type { Detector } from '../ingest/perception/types.js';
import { replayFrames } from '../ingest/replay.js';
import { CameraSession } from '../ingest/session.js';
import type { Frame, Logger } from '../ingest/types.js';
import { AISLE_PEOPLE, BOTTLE_PLACES, bottleCountError, LOT_CARS, ONE_BY_ONE_PEOPLE, type TrueSpan, WORKER_PEOPLE } from '../test/fixtures/truth.js';
import type { ObjectFact } from '../ingest/observations.js';
import { scoreIdentities } from './identity/score.js';
import { SHARED_VIDEOS } from '../test/helpers/rtsp-server.js';
import { detectorStageMs } from './detector-stage.js';
import { childPids, cpuSeconds, median } from './proc-stats.js';

const PROBE_S = Number(process.env.BENCH_PROBE_SECONDS ?? 30);
const MAX_CAMS = Number(process.env.BENCH_MAX_CAMERAS ?? 20);
/** Seconds the cameras run before a probe measures (BENCH_WARMUP_SECONDS; 5, or past the start-up probes of `auto`). */
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const CLIPS = ['one-by-one-person-detection.mp4', 'bottle-detection.mp4'].map((c) => join(SHARED_VIDEOS, c));
const WORKER_CLIP = join(SHARED_VIDEOS, 'worker-zone-detection.mp4');
const AISLE_CLIP = join(SHARED_VIDEOS, 'store-aisle-detection.mp4');
const LOT_CLIP = join(SHARED_VIDEOS, 'person-bicycle-car-detection.mp4');
/** The daemon's default detection settings (edge/config/schema.ts): a box another class scores at the same place is one object. */
const DETECT = { scoreThreshold: 0.2, nmsIou: 0.5, maxDetections: 100, sameObjectIou: 0.9 };
const quiet: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined, child: () => quiet };

/** BENCH_DETECTOR=auto: the daemon's default per camera (centernet and ssd-oidv4 chosen between, the orientation probed). */
const AUTO = process.env.BENCH_DETECTOR === 'auto';
/** Probe slots shared by the cameras of one probe (BENCH_PROBE_SLOTS; the daemon's default). */
const PROBE_SLOTS = Number(process.env.BENCH_PROBE_SLOTS ?? DEFAULT_PROBE_SLOTS);

function pipeline(camera: string, detector: Detector, gate: boolean, probeSlots: ProbeSlots | null = null): CameraPerception {
  return new CameraPerception({ camera, detector, detect: DETECT, gate, keyframes: true, tracker: DETECTOR_TRACKING, ...(AUTO ? { orientation: 'auto' as const } : {}), ...(probeSlots ? { probeSlots } : {}) });
}

/** The detector one probed camera runs: the shared pool, or (auto) its own choice between two shared pools. */
function cameraDetector(pooled: Detector, secondary: Detector | null, slots: ProbeSlots | null): Detector {
  return secondary ? new AutoDetector(pooled, secondary, undefined, undefined, false, slots) : pooled;
}

/** Replays a clip as fast as possible through a pipeline; returns per-frame stage times and the facts. */
/** A visit as the benchmark keeps it: ms, and its mean anchor (0..1 of the frame) when the trajectory has points in it. */
interface KeptVisit {
  start: number;
  end: number;
  at?: [number, number];
}

/** What the benchmark keeps of an object: its class, first and last sighting, and its visits. */
function objectFacts(o: ObjectFact): { label: string; first: number; last: number; visits: KeptVisit[] } {
  const visits = o.visits?.length ? o.visits : [{ start: o.firstSeen, end: o.lastSeen }];
  return { label: o.label, first: o.firstSeen, last: o.lastSeen, visits: visits.map((v) => ({ start: v.start, end: v.end, ...meanAnchor(o.trajectory, v) })) };
}

/** The mean of a trajectory's points inside a visit, as `{ at }`, or nothing when none is. */
function meanAnchor(trajectory: readonly [number, number, number][], v: { start: number; end: number }): { at?: [number, number] } {
  const inside = trajectory.filter(([ts]) => ts >= v.start && ts <= v.end);
  if (inside.length === 0) return {};
  const m = (k: 1 | 2) => Math.round((inside.reduce((s, p) => s + p[k], 0) / inside.length) * 1000) / 1000;
  return { at: [m(1), m(2)] };
}

/**
 * MOT figures of the things of `label` in a replay (started at 0 ms) against true visits in seconds
 * (who, start, end): IDF1 over time, id switches, fragments and merges (bench/identity/score.ts).
 */
function motOf(r: Awaited<ReturnType<typeof replayClip>>, label: string, truth: readonly TrueSpan[]) {
  const seen = [...r.objects.entries()].filter(([, o]) => o.label === label).flatMap(([objectId, o]) => o.visits.map((v) => ({ objectId, start: v.start / 1000, end: v.end / 1000, ...(v.at ? { at: v.at } : {}) })));
  const s = scoreIdentities(seen, truth.map(([person, start, end, where]) => ({ person, start, end, ...(where ? { where } : {}) })));
  return { true_visits: s.trueVisits, visits: s.visits, identities: s.identities, idf1: s.idf1, id_switches: s.idSwitches, fragments: s.fragments, merges: s.merges, missed_visits: s.missedVisits, false_visits: s.unmatchedVisits };
}

/** One true visit per person, as [start, end] seconds. */
const onePerPerson = (visits: readonly [number, number][]): TrueSpan[] => visits.map(([a, b], who) => [who, a, b]);

async function replayClip(clip: string, detector: Detector, gate: boolean) {
  const p = pipeline('c', detector, gate);
  const decodeMs: number[] = [];
  const counts = new Map<number, Record<string, number>>();
  const objects = new Map<string, ReturnType<typeof objectFacts>>();
  let maxPeople = 0;
  let t = performance.now();
  for await (const f of replayFrames({ ffmpeg: locateFfmpeg(), file: clip, camera: 'c', startMs: 0, fps: 2, width: 640, realtime: false })) {
    decodeMs.push(performance.now() - t);
    for (const o of await p.process(f)) {
      if (o.kind === 'frame') {
        // what the memory stores: the last detection's counts, without the live hold
        const c = o.seen?.counts ?? o.counts;
        counts.set(o.ts, c);
        maxPeople = Math.max(maxPeople, c.person ?? 0);
      }
      if (o.kind === 'object') objects.set(o.object.objectId, objectFacts(o.object));
    }
    t = performance.now();
  }
  for (const o of p.flush(Date.now())) if (o.kind === 'object') objects.set(o.object.objectId, objectFacts(o.object));
  return { stats: p.stats, decodeMs: median(decodeMs), counts, objects, maxPeople };
}

/** Runs N live file cameras (real-time, looping) through perception for PROBE_S seconds. */
async function probe(n: number, detector: Detector, gate: boolean, secondary: Detector | null = null): Promise<{ framesIn: number; expected: number; drops: number; dropRate: number; cores: { node: number; ffmpeg: number; eventLoop: number } }> {
  const ffmpeg = locateFfmpeg();
  // the daemon's shared probe slots (BENCH_PROBE_SLOTS=0: every camera probes at once, as before them)
  const slots = PROBE_SLOTS > 0 ? new ProbeSlots(PROBE_SLOTS) : null;
  const sessions = Array.from({ length: n }, (_, i) => new CameraSession({ id: `c${i}`, url: CLIPS[i % 2] ?? '', fps: 2, width: 640, enabled: true, transport: 'tcp', watchdogSeconds: 10 }, { ffmpeg, log: quiet }));
  const pumps = sessions.map(async (s) => {
    const p = pipeline(s.spec.id, cameraDetector(detector, secondary, slots), gate, slots);
    for (let f: Frame | undefined = await s.nextFrame(); f; f = await s.nextFrame()) await p.process(f);
  });
  sessions.forEach((s) => s.start());
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));
  const before = sessions.map((s) => s.status());
  // where the CPU goes: this process (main thread + detector workers), the ffmpeg decoders, and the main thread's busy share
  const cpu0 = process.cpuUsage();
  const ff = childPids(process.pid);
  const ff0 = ff.reduce((a, p) => a + cpuSeconds(p), 0);
  const elu0 = performance.eventLoopUtilization();
  await new Promise((r) => setTimeout(r, PROBE_S * 1000));
  const after = sessions.map((s) => s.status());
  const cpu1 = process.cpuUsage(cpu0);
  const cores = {
    node: Math.round(((cpu1.user + cpu1.system) / 1e6 / PROBE_S) * 100) / 100,
    ffmpeg: Math.round(((ff.reduce((a, p) => a + cpuSeconds(p), 0) - ff0) / PROBE_S) * 100) / 100,
    eventLoop: Math.round(performance.eventLoopUtilization(elu0).utilization * 100) / 100,
  };
  await Promise.all(sessions.map((s) => s.stop()));
  await Promise.all(pumps);
  const framesIn = after.reduce((a, s, i) => a + s.framesIn - (before[i]?.framesIn ?? 0), 0);
  const drops = after.reduce((a, s, i) => a + s.drops - (before[i]?.drops ?? 0), 0);
  // frames the cameras should have delivered; a starved event loop shows as fewer, not as drops
  const expected = n * 2 * PROBE_S;
  return { framesIn, expected, drops, dropRate: framesIn ? drops / framesIn : 1, cores };
}

/** Camera counts probed, ascending: 1, 2, 4, then every 2 up to BENCH_MAX_CAMERAS (a failure stops the climb); BENCH_COUNTS="12,14" probes only those. */
function counts(max: number): number[] {
  if (process.env.BENCH_COUNTS) return process.env.BENCH_COUNTS.split(',').map(Number).filter((n) => n > 0);
  const out = [1, 2, 4].filter((n) => n <= max);
  for (let n = 6; n <= max; n += 2) out.push(n);
  return out;
}

async function maxCameras(detector: Detector, gate: boolean, log: Record<string, unknown>, secondary: Detector | null = null): Promise<number> {
  let best = 0;
  for (const n of counts(MAX_CAMS)) {
    const r = await probe(n, detector, gate, secondary);
    log[String(n)] = r;
    console.log(`  ${gate ? 'gated' : 'ungated'} ${n} camera(s): ${r.framesIn}/${r.expected} frames in, ${r.drops} dropped (${(r.dropRate * 100).toFixed(1)} %); cores: node ${r.cores.node}, ffmpeg ${r.cores.ffmpeg}; main thread busy ${Math.round(r.cores.eventLoop * 100)} %`);
    // "without dropping frames": every camera delivers its 2 fps (within 3 %) and under 1 % is dropped
    if (r.dropRate > 0.01 || r.framesIn < 0.97 * r.expected) break;
    best = n;
  }
  return best;
}

/** Median ms of PaddleOCR on full 640x360 frames of the bottle clip (10 reads after warm-up). */
async function ocrMs(): Promise<number> {
  const reader = new PaddleOcrReader();
  await reader.load();
  const times: number[] = [];
  let i = 0;
  for await (const f of replayFrames({ ffmpeg: locateFfmpeg(), file: CLIPS[1] ?? '', camera: 'c', startMs: 0, fps: 2, width: 640, realtime: false })) {
    const t = performance.now();
    await reader.read(f);
    if (i++ > 0) times.push(performance.now() - t);
    if (times.length >= 10) break;
  }
  await reader.dispose();
  return Math.round(median(times));
}

/** Replays of the clips the accuracy figures are read from (gate on, the daemon's detector choice). */
interface AccuracyReplays {
  person: Awaited<ReturnType<typeof replayClip>>;
  bottle: Awaited<ReturnType<typeof replayClip>>;
  worker: Awaited<ReturnType<typeof replayClip>>;
  aisle: Awaited<ReturnType<typeof replayClip>>;
  lot: Awaited<ReturnType<typeof replayClip>>;
}

/**
 * Accuracy facts of the clips' replays: distinct people, most at once, bottle count error over the
 * settled seconds, and MOT figures per clip against the timelines of `test/fixtures/truth.ts`
 * (people; the bottles by place; the parking lot's car).
 */
function accuracy(r: AccuracyReplays) {
  const people = [...r.person.objects.values()].filter((o) => o.label === 'person');
  const bottleErr = bottleCountError((s) => r.bottle.counts.get(s * 1000)?.bottle ?? 0);
  const counts = [...r.bottle.counts.entries()].filter(([ts]) => ts >= 1000).map(([, c]) => c.bottle ?? 0);
  return {
    one_by_one: { distinct_people: people.length, max_simultaneous: r.person.maxPeople },
    mot: {
      one_by_one: motOf(r.person, 'person', onePerPerson(ONE_BY_ONE_PEOPLE)),
      worker: motOf(r.worker, 'person', onePerPerson(WORKER_PEOPLE)),
      aisle: motOf(r.aisle, 'person', AISLE_PEOPLE),
      bottle_places: motOf(r.bottle, 'bottle', BOTTLE_PLACES),
      lot_car: motOf(r.lot, 'car', LOT_CARS),
    },
    bottle: { min_count: Math.min(...counts), max_count: Math.max(...counts), mean_abs_count_error: Math.round(bottleErr.mae * 1000) / 1000, settled_seconds: bottleErr.seconds },
  };
}

/**
 * The accuracy replays: centernet on the people and bottle clips (what `auto` keeps there), and the
 * daemon's default `auto` choice (centernet, ssd-oidv4 beside it while it probes) on the parking lot.
 */
async function accuracyReplays(centernet: Detector): Promise<AccuracyReplays> {
  const [person, bottle] = CLIPS;
  const ssd = createDetector({ model: 'ssd-oidv4' });
  await ssd.load();
  try {
    return {
      person: await replayClip(person ?? '', centernet, true),
      bottle: await replayClip(bottle ?? '', centernet, true),
      worker: await replayClip(WORKER_CLIP, centernet, true),
      aisle: await replayClip(AISLE_CLIP, centernet, true),
      lot: await replayClip(LOT_CLIP, new AutoDetector(centernet, ssd), true),
    };
  } finally {
    await ssd.dispose();
  }
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  if (only === 'ocr' || only === 'detect') {
    // measure only one stage and merge it into the last full run's results
    const file = join(packageRoot(), 'bench', 'results', 'perception.json');
    const prev = JSON.parse(readFileSync(file, 'utf8')) as { stage_ms: Record<string, unknown> };
    if (only === 'ocr') prev.stage_ms.ocr = await ocrMs();
    else {
      const stage = await detectorStageMs(CLIPS);
      prev.stage_ms.detect = { ...(prev.stage_ms.detect as Record<string, unknown>), centernet: stage.centernet_onnx_512x288, ...stage };
    }
    console.log(`${only} ${JSON.stringify(prev.stage_ms[only])} ms per frame`);
    writeFileSync(file, `${JSON.stringify(prev, null, 2)}\n`);
    return;
  }
  if (only === 'accuracy') {
    // only the accuracy on the long clips (gate on, centernet), merged into the last full run's results
    const file = join(packageRoot(), 'bench', 'results', 'perception.json');
    const prev = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const det = createDetector({ model: 'centernet' });
    await det.load();
    const replays = await accuracyReplays(det);
    // BENCH_MOT_VISITS=1: the stored visits and their places, to write and check truth against
    if (process.env.BENCH_MOT_VISITS) for (const [clip, r] of Object.entries(replays) as [string, AccuracyReplays[keyof AccuracyReplays]][]) console.log(clip, JSON.stringify([...r.objects.entries()].map(([id, o]) => [id.split(':').slice(1, 3).join(':'), o.visits.map((v) => [v.start / 1000, v.end / 1000, v.at])])));
    Object.assign(prev, accuracy(replays));
    await det.dispose();
    console.log(JSON.stringify({ one_by_one: prev.one_by_one, bottle: prev.bottle, mot: prev.mot }));
    writeFileSync(file, `${JSON.stringify(prev, null, 2)}\n`);
    return;
  }
  if (only === 'cameras') {
    // only the camera-count probes, merged into the last full run's results
    const file = join(packageRoot(), 'bench', 'results', 'perception.json');
    const prev = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const probes: Record<string, Record<string, unknown>> = { gated: {}, ungated: {} };
    const pooled = new WorkerDetector({ model: 'centernet' }, defaultDetectorWorkers());
    await pooled.load();
    const secondary = AUTO ? new WorkerDetector({ model: 'ssd-oidv4' }, defaultDetectorWorkers()) : null;
    await secondary?.load();
    const gates = process.env.BENCH_GATE === 'on' ? [true] : process.env.BENCH_GATE === 'off' ? [false] : [true, false];
    const suffix = AUTO ? '_auto' : '';
    for (const g of gates) prev[`${g ? 'max_cameras_2fps_gated' : 'max_cameras_2fps_ungated'}${suffix}`] = await maxCameras(pooled, g, probes[`${g ? 'gated' : 'ungated'}${suffix}`] ?? (probes[`${g ? 'gated' : 'ungated'}${suffix}`] = {}), secondary);
    await pooled.dispose();
    await secondary?.dispose();
    prev.probes = { ...(prev.probes as object), ...Object.fromEntries(Object.entries(probes).filter(([, v]) => Object.keys(v).length > 0)) };
    writeFileSync(file, `${JSON.stringify(prev, null, 2)}\n`);
    return;
  }
  const centernet = createDetector({ model: 'centernet' });
  const nanodet = createDetector({ model: 'nanodet' });
  await centernet.load();
  await nanodet.load();
  const [person, bottle] = CLIPS;
  console.log('replaying the clips (gate on, centernet)...');
  const acc = await accuracyReplays(centernet);
  const [p1, b1] = [acc.person, acc.bottle];
  console.log('replaying the clips (gate off, centernet; nanodet)...');
  const p0 = await replayClip(person ?? '', centernet, false);
  const b0 = await replayClip(bottle ?? '', centernet, false);
  const pn = await replayClip(person ?? '', nanodet, false);
  const per = (x: { stats: CameraPerception['stats'] }, k: keyof CameraPerception['stats']['ms'], per: 'frames' | 'detected') => x.stats.ms[k] / Math.max(1, x.stats[per]);
  const stageMs = {
    decode: Math.round(median([p1.decodeMs, b1.decodeMs]) * 10) / 10,
    motion: Math.round(per(p1, 'motion', 'frames') * 100) / 100,
    detect: { centernet: Math.round(per(p0, 'detect', 'detected')), nanodet: Math.round(per(pn, 'detect', 'detected')), ...(await detectorStageMs(CLIPS)) },
    track: Math.round(per(p0, 'track', 'detected') * 100) / 100,
    reid: Math.round(per(p0, 'reid', 'detected') * 100) / 100,
    ocr: await ocrMs(),
  };
  console.log('stage ms', JSON.stringify(stageMs));
  const gateSavings = {
    'one-by-one-person-detection.mp4': { frames: p1.stats.frames, detected: p1.stats.detected, saved: 1 - p1.stats.detected / p1.stats.frames },
    'bottle-detection.mp4': { frames: b1.stats.frames, detected: b1.stats.detected, saved: 1 - b1.stats.detected / b1.stats.frames },
    ungatedCheck: { personDetected: p0.stats.detected, bottleDetected: b0.stats.detected },
  };
  console.log('gate savings', JSON.stringify(gateSavings));
  console.log(`probing camera counts, ${PROBE_S} s each...`);
  const probes: Record<string, Record<string, unknown>> = { gated: {}, ungated: {} };
  // as in the daemon: the default detector (centernet on ONNX Runtime) in worker threads, one per core
  const pooled = new WorkerDetector({ model: 'centernet' }, defaultDetectorWorkers());
  await pooled.load();
  const gated = await maxCameras(pooled, true, probes.gated ?? {});
  const ungated = await maxCameras(pooled, false, probes.ungated ?? {});
  await pooled.dispose();
  const out = {
    command: 'npm run bench:perception',
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}, detector backend ${centernet.backend}`,
    stage_ms: stageMs,
    max_cameras_2fps_gated: gated,
    max_cameras_2fps_ungated: ungated,
    probes,
    motion_gate: gateSavings,
    ...accuracy(acc),
  };
  console.log(JSON.stringify(out, null, 2));
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'perception.json'), `${JSON.stringify(out, null, 2)}\n`);
  await centernet.dispose();
  await nanodet.dispose();
}

await main();
