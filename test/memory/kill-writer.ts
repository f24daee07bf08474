/**
 * Child process for the kill -9 durability test: writes frames (and a segment and an event every
 * 2 s) for camera `k` as fast as it can, and prints `flushed <ts>` each time a write of frame `ts`
 * is committed. Usage: node kill-writer.js <dir> <t0>
 */
import { MemoryStore } from '../../memory/store.js';
import { event, frame, segment } from './fixtures.js';

const [dir, t0s] = process.argv.slice(2);
if (!dir || !t0s) throw new Error('usage: kill-writer <dir> <t0>');
const s = new MemoryStore({ dir });
s.open();
let t = Number(t0s);
let pending = 0;
const tick = (): void => {
  // heavy writes: up to 2,000 frames queued at a time
  for (let i = 0; i < 500 && pending < 2000; i++, t += 500) {
    const ts = t;
    pending++;
    if (ts % 2000 === 0) {
      void s.write(segment('k', ts)).catch(() => undefined);
      void s.write(event('k', ts, 'count_change', { label: 'person', before: 0, after: 1 })).catch(() => undefined);
    }
    s.write(frame('k', ts, ['k:person:1'])).then(
      () => {
        pending--;
        process.stdout.write(`flushed ${ts}\n`);
      },
      (e: unknown) => {
        process.stderr.write(`write failed ${String(e)}\n`);
        process.exit(1);
      },
    );
  }
  setImmediate(tick);
};
tick();
