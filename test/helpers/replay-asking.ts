/**
 * Replays a clip through the daemon's own pipeline (ffmpeg decode, the camera's perception with
 * its gate, hold and tracker, the LMDB writes) and, after chosen frames, waits for the memory to
 * commit and asks questions with `now` at that frame: what a replay stopped at that instant (or a
 * live daemon at that instant) would answer.
 */
import { join } from 'node:path';
import { MemoryStore } from '../../memory/store.js';
import { askOffline } from '../../planner/ask.js';
import type { DraftAnswer } from '../../planner/answer.js';
import { locateFfmpeg } from '../../ingest/ffmpeg/locate.js';
import { replayFrames } from '../../ingest/replay.js';
import { runStamp } from '../../ingest/perception/reid.js';
import { cameraPerception, detectorFor } from '../../edge/components/perception.js';
import { defaultCamera } from '../../edge/config/default-camera.js';
import type { CameraConfig } from '../../edge/config/schema.js';
import { tempDir } from './daemon.js';

/** One question asked at one instant. */
export interface Asked {
  /** Media time of the instant, seconds. */
  s: number;
  question: string;
  answer: DraftAnswer;
}

/** Options of {@link replayAsking}. */
export interface ReplayAskingOptions {
  file: string;
  camera: string;
  startMs: number;
  /** The questions to ask after the frame at media time `s` (none: ask nothing there). */
  questionsAt: (s: number) => string[];
  /** Camera settings over the defaults of a new camera. */
  camera_?: Partial<CameraConfig>;
  data?: string;
  /** Called after the frame at media time `s` is committed, where `questionsAt` gives questions (and only there). */
  check?: (s: number, store: MemoryStore) => void;
}

/** Replays the clip, asking as it goes; returns every answer and the data directory. */
export async function replayAsking(o: ReplayAskingOptions): Promise<{ asked: Asked[]; data: string }> {
  const data = o.data ?? tempDir(`replay-asking-${o.camera}`);
  const cam: CameraConfig = { ...defaultCamera(o.camera, o.file), ...o.camera_ };
  const store = new MemoryStore({ dir: data });
  store.open();
  const detector = detectorFor(cam, join(data, 'models'));
  await detector?.load();
  const perception = cameraPerception(cam, detector, null, null, null, runStamp(store.beginRun()));
  const asked: Asked[] = [];
  try {
    for await (const f of replayFrames({ ffmpeg: locateFfmpeg(), file: o.file, camera: o.camera, startMs: o.startMs, fps: 2, width: cam.width, realtime: false })) {
      const writes = (await perception.process(f)).map((x) => store.write(x));
      const s = (f.ts - o.startMs) / 1000;
      const qs = o.questionsAt(s);
      if (qs.length === 0) continue;
      await Promise.all(writes);
      o.check?.(s, store);
      for (const question of qs) asked.push({ s, question, answer: askOffline(question, store, { timeZone: 'UTC' }) });
    }
  } finally {
    await detector?.dispose();
    await store.close();
  }
  return { asked, data };
}
