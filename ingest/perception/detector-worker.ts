/**
 * Worker-thread side of {@link WorkerDetector}: loads one detector and answers detect requests,
 * so inference never blocks the daemon's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createDetector, type DetectorConfig } from './detectors.js';
import type { DetectOptions } from './types.js';

/** Messages from the main thread. */
export type ToWorker = { type: 'detect'; id: number; width: number; height: number; data: ArrayBuffer; opts: DetectOptions } | { type: 'dispose' };

const port = parentPort;
if (!port) throw new Error('detector-worker must run in a worker thread');
const det = createDetector(workerData as DetectorConfig);
try {
  await det.load();
  port.postMessage({ type: 'ready', backend: det.backend, labels: [...det.labels] });
} catch (e) {
  port.postMessage({ type: 'fatal', message: (e as Error).message });
}
port.on('message', (m: ToWorker) => {
  if (m.type === 'dispose') {
    void det.dispose().then(() => port.postMessage({ type: 'disposed' }));
    return;
  }
  // the frame buffer goes back with the answer, for the next frame (no garbage per frame)
  det
    .detect({ width: m.width, height: m.height, data: new Uint8Array(m.data) }, m.opts)
    .then((dets) => port.postMessage({ type: 'result', id: m.id, dets, data: m.data }, [m.data]))
    .catch((e: unknown) => port.postMessage({ type: 'error', id: m.id, message: (e as Error).message, data: m.data }, [m.data]));
});
