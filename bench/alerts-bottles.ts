/**
 * `npm run bench:alerts-bottles`: a camera looping the bottle clip through the real RTSP server
 * into the real daemon (default detector, 2 fps, 640 px, zone `bench` over the bench top) for
 * BOTTLES_MINUTES (default 10), with a rule "fewer than 3 bottles in zone bench for 2 s" alerting
 * over the real Mosquitto at 127.0.0.1:1883. From the retained count topic and the object events
 * it measures:
 * - removals and returns (each step down or up of the live bench bottle count), the spells below
 *   3 bottles, and which spells of 2 s or more an alert fired in;
 * - how fast the count follows what is seen: while it runs, the bench fetches the camera's latest
 *   frame (GET /api/cameras/bench/snapshot.png: the exact pixels the daemon's detector saw, with their
 *   capture time) at twice the frame rate;
 *   afterwards (so the measurement does not share the cores with it) it runs the same detector on
 *   every frame and counts the bottles standing in the zone. A settled change (a new number held
 *   for 2 s) is a removal or a return; its latency is from the capture of the first frame that
 *   shows it to the receipt of the MQTT count with the new number;
 * - distinct bottles (object ids of bottles in the events);
 * - each alert's snapshot (GET /api/alerts/<id>/snapshot.jpg): that it is served, and that the
 *   detector finds the alert's count of bottles in the zone on it (it is the frame that fired).
 * Writes bench/results/alerts-bottles.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import sharp from 'sharp';
import type { Alert, ObjectEvent } from '../edge/api/wire.js';
import { packageRoot } from '../edge/paths.js';
import { createDetector } from '../ingest/perception/detectors.js';
import { freeTcpPort, startDaemon } from '../test/helpers/daemon.js';
import { SHARED_VIDEOS, startRtspServer } from '../test/helpers/rtsp-server.js';

const MINUTES = Number(process.env.BOTTLES_MINUTES ?? 10);
const BROKER = 'mqtt://127.0.0.1:1883';
/** Bottles stand with their bottom at 0.86 of the frame height; a bottle in the hand is higher. */
const ZONE_TOP = 0.7;
const FOR_SECONDS = 2;
/** Least detector score of a bottle counted as seen (the tracker confirms from 0.3). */
const SEEN_SCORE = 0.3;
/** Frames (at the 2 fps analysis rate) a new number of bottles must hold to be a settled change. */
const SETTLE_FRAMES = 4;

/** Median and max of a list. */
function stats(xs: number[]): { n: number; median: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { n: s.length, median: s.length ? (s[Math.floor((s.length - 1) / 2)] ?? NaN) : NaN, max: s.length ? (s[s.length - 1] ?? NaN) : NaN };
}

interface Step {
  at: number;
  from: number;
  to: number;
}

async function main(): Promise<void> {
  const server = await startRtspServer({ mounts: [{ path: '/cam', file: join(SHARED_VIDEOS, 'bottle-detection.mp4') }] });
  const node = `bottles${randomBytes(3).toString('hex')}`;
  const countTopic = `vigil/${node}/bench/bench/bottle/count`;
  const client = await mqtt.connectAsync(BROKER, { protocolVersion: 5 });
  const steps: Step[] = [];
  const events: { at: number; e: ObjectEvent }[] = [];
  const alerts: Alert[] = [];
  let count: number | null = null;
  let measuring = 0;
  client.on('message', (topic, payload) => {
    const at = Date.now();
    const s = payload.toString();
    if (topic === countTopic) {
      const n = s === 'unknown' ? null : Number(s);
      if (measuring && count !== null && n !== null && n !== count) steps.push({ at, from: count, to: n });
      count = n;
    } else if (topic.endsWith('/events')) {
      if (measuring) events.push({ at, e: JSON.parse(s) as ObjectEvent });
    } else if (topic.includes('/alerts/') && measuring) alerts.push(JSON.parse(s) as Alert);
  });
  await client.subscribeAsync([countTopic, `vigil/${node}/bench/events`, `vigil/${node}/alerts/#`], { qos: 1 });
  const camera = { id: 'bench', url: server.url('/cam'), fps: 2, width: 640, zones: [{ id: 'bench', polygon: [[0, ZONE_TOP], [1, ZONE_TOP], [1, 1], [0, 1]] }] };
  const rules = [{ id: 'few-bottles', camera: 'bench', class: 'bottle', zone: 'bench', trigger: { type: 'count', op: '<', value: 3, forSeconds: FOR_SECONDS }, cooldownSeconds: 0 }];
  const daemon = startDaemon({ port: await freeTcpPort(), config: { node, mqtt: { url: BROKER }, cameras: [camera], rules }, env: { VIGIL_LOG__LEVEL: 'warn' } });
  const pictures = new Map<string, Buffer | null>();
  const frames = new Map<number, Buffer>();
  let load: number;
  let start: number;
  let end: number;
  try {
    await daemon.waitFor(() => Promise.resolve(count === 3), 180_000, 'three bottles counted in zone bench');
    start = measuring = Date.now();
    console.log(`measuring for ${MINUTES} min`);
    while (Date.now() - start < MINUTES * 60_000) {
      const t = Date.now();
      const r = await fetch(`${daemon.baseUrl}/api/cameras/bench/snapshot.png`);
      const ts = Date.parse(r.headers.get('x-frame-time') ?? '');
      const jpg = Buffer.from(await r.arrayBuffer());
      if (r.ok && Number.isFinite(ts) && !frames.has(ts)) frames.set(ts, jpg);
      await new Promise((res) => setTimeout(res, Math.max(0, 250 - (Date.now() - t))));
    }
    end = Date.now();
    measuring = 0;
    load = loadavg()[0] ?? 0;
    for (const a of alerts) {
      const r = await fetch(`${daemon.baseUrl}/api/alerts/${encodeURIComponent(a.id)}/snapshot.jpg`);
      pictures.set(a.id, r.ok && r.headers.get('content-type') === 'image/jpeg' ? Buffer.from(await r.arrayBuffer()) : null);
    }
  } finally {
    await daemon.stop();
    await client.endAsync();
    await server.stop();
  }

  // spells below 3 and the alerts in them
  const spells: { from: number; to: number; alerted: boolean }[] = [];
  let below: number | null = null;
  for (const s of steps) {
    if (s.from >= 3 && s.to < 3) below = s.at;
    if (s.from < 3 && s.to >= 3 && below !== null) {
      spells.push({ from: below, to: s.at, alerted: false });
      below = null;
    }
  }
  if (below !== null) spells.push({ from: below, to: end, alerted: false });
  // alerts are matched by the frame that fired them (capture time, before the count's receipt)
  for (const sp of spells) sp.alerted = alerts.some((a) => a.frameTs >= sp.from - 1500 && a.frameTs <= sp.to);
  const long = spells.filter((s) => s.to - s.from >= FOR_SECONDS * 1000 + 500);
  const removals = steps.filter((s) => s.to < s.from).reduce((n, s) => n + (s.from - s.to), 0);
  const returns = steps.filter((s) => s.to > s.from).reduce((n, s) => n + (s.to - s.from), 0);

  const bottleEvents = events.filter((x) => x.e.after.label === 'bottle');
  const distinct = new Set(bottleEvents.map((x) => x.e.after.objectId));
  if (process.env.BOTTLES_DEBUG) for (const { at, e } of bottleEvents) console.log(`${((at - start) / 1000).toFixed(1)} ${e.type} ${e.after.objectId} box ${JSON.stringify(e.after.box)} zones ${e.after.currentZones.join()}`);

  // the detector on the bench's frames (what is seen) and on each alert's snapshot
  const det = createDetector({ model: 'centernet', cacheDir: join(daemon.data, 'models') });
  await det.load();
  const inZone = async (jpg: Buffer): Promise<number> => {
    const { data, info } = await sharp(jpg).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const dets = await det.detect({ width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) }, { scoreThreshold: SEEN_SCORE, nmsIou: 0.5, maxDetections: 100 });
    return dets.filter((d) => d.label === 'bottle' && d.box.y2 / info.height >= ZONE_TOP).length;
  };
  const seen: { ts: number; n: number }[] = [];
  let served = 0;
  let matching = 0;
  let fewer = 0;
  try {
    for (const [ts, jpg] of [...frames].sort((a, b) => a[0] - b[0])) seen.push({ ts, n: await inZone(jpg) });
    for (const a of alerts) {
      const jpg = pictures.get(a.id);
      if (!jpg) continue;
      served++;
      const n = await inZone(jpg);
      if (n === a.evidence.count) matching++;
      if (n < 3) fewer++;
    }
  } finally {
    await det.dispose();
  }
  // settled changes of what is seen, and when the MQTT count reached the new number
  const changes: { ts: number; from: number; to: number }[] = [];
  let level = seen[0]?.n ?? 3;
  for (let i = 0; i < seen.length; i++) {
    const f = seen[i];
    if (!f || f.n === level) continue;
    const run = seen.slice(i, i + SETTLE_FRAMES);
    if (run.length < SETTLE_FRAMES || run.some((x) => x.n !== f.n)) continue;
    changes.push({ ts: f.ts, from: level, to: f.n });
    level = f.n;
  }
  const timeline = [{ at: start, n: 3 }, ...steps.map((s) => ({ at: s.at, n: s.to }))];
  const latency: number[] = [];
  let missed = 0;
  for (const c of changes) {
    // the count may already have moved (one frame before the settled run began); else the first step to the new number
    const before = timeline.filter((x) => x.at <= c.ts).at(-1);
    const reached = before?.n === c.to && (before.at >= c.ts - 1000) ? before : timeline.find((x) => x.at > c.ts && x.n === c.to && x.at < c.ts + 5000);
    if (!reached) missed++;
    else latency.push(Math.max(0, reached.at - c.ts));
    if (process.env.BOTTLES_DEBUG) {
      const around = seen.filter((x) => x.ts >= c.ts - 1500 && x.ts <= c.ts + 1500).map((x) => `${((x.ts - start) / 1000).toFixed(1)}:${x.n}`);
      console.log(`change ${((c.ts - start) / 1000).toFixed(1)} s ${c.from} -> ${c.to}: ${reached ? `${reached.at - c.ts} ms` : 'missed'}; seen ${around.join(' ')}; counts ${timeline.filter((x) => x.at >= c.ts - 1500 && x.at <= c.ts + 2000).map((x) => `${((x.at - start) / 1000).toFixed(2)}:${x.n}`).join(' ')}`);
    }
  }
  const lat = stats(latency);
  const res = {
    command: 'npm run bench:alerts-bottles',
    machine: `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
    source: 'GStreamer RTSP server looping bottle-detection.mp4, RTSP/TCP; daemon defaults (centernet, 2 fps, 640 px, holdSeconds 1); Mosquitto 127.0.0.1:1883',
    rule: `fewer than 3 bottles in zone bench for ${FOR_SECONDS} s (cooldown 0)`,
    minutes: Math.round(((end - start) / 60_000) * 10) / 10,
    framesSeen: seen.length,
    removalsSeen: changes.filter((c) => c.to < c.from).reduce((n, c) => n + c.from - c.to, 0),
    returnsSeen: changes.filter((c) => c.to > c.from).reduce((n, c) => n + c.to - c.from, 0),
    countSteps: { down: removals, up: returns },
    spellsBelow3: spells.length,
    spellsBelow3Alerted: spells.filter((s) => s.alerted).length,
    spellsOf2sOrMore: long.length,
    spellsOf2sOrMoreAlerted: long.filter((s) => s.alerted).length,
    alerts: alerts.length,
    alertsPerRemovalSpell: long.length ? Math.round((alerts.length / long.length) * 100) / 100 : null,
    changesSeen: changes.length,
    countLatency_ms: lat,
    changesFollowedWithin1s: latency.filter((x) => x <= 1000).length,
    changesFollowedOnTheNextFrame: latency.filter((x) => x <= 500 + 300).length,
    changesMissed: missed,
    distinctBottles: distinct.size,
    snapshots: { alerts: alerts.length, served, detectorCountMatchesAlert: matching, showFewerThan3: fewer },
    loadAverage: Math.round(load * 100) / 100,
  };
  console.log(
    `${res.minutes} min, ${seen.length} frames checked: ${res.removalsSeen} removals and ${res.returnsSeen} returns seen; count steps ${removals} down, ${returns} up\n` +
      `spells below 3 for >= ${FOR_SECONDS} s: ${long.length}, alerted ${res.spellsOf2sOrMoreAlerted}; ${alerts.length} alerts (${res.alertsPerRemovalSpell} per spell)\n` +
      `count latency after the first frame showing a change: median ${lat.median} ms, max ${lat.max} ms; ${res.changesFollowedWithin1s}/${changes.length} within 1 s, ${res.changesFollowedOnTheNextFrame} by the next frame, ${missed} missed\n` +
      `distinct bottles ${distinct.size}; snapshots served ${served}/${alerts.length}, detector count = alert count on ${matching}, fewer than 3 on ${fewer}; load ${res.loadAverage}`,
  );
  mkdirSync(join(packageRoot(), 'bench', 'results'), { recursive: true });
  writeFileSync(join(packageRoot(), 'bench', 'results', 'alerts-bottles.json'), `${JSON.stringify(res, null, 2)}\n`);
}

await main();
