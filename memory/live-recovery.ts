/**
 * Closing the visits a stopped daemon left open. A visit in progress when the daemon stopped
 * (a crash, kill -9, a power cut, or a clean stop of a replay cut short) has no seen departure: at
 * the next run it is closed at the camera's last covered frame, and its live entry stays as `cut`
 * so answers say the departure was not seen. An object already away closes at its last sighting.
 */
import type { Dbs } from './dbs.js';
import { putLive, readLive } from './live.js';
import type { ObjectLog } from './object-log.js';

/**
 * Closes every visit still open (live entries `present` or `away`); `present(camera)` is the
 * camera's last covered frame. Returns how many visits were cut at it.
 */
export function cutOpenVisits(d: Dbs, objects: ObjectLog, present: (camera: string) => number): { cut: number; closed: number } {
  let cut = 0;
  let closed = 0;
  for (const e of readLive(d.live)) {
    if (e.state === 'cut') continue;
    const rec = d.objects.get(e.objectId);
    if (!rec) {
      void d.live.remove([e.camera, e.objectId]);
      continue;
    }
    const end = e.state === 'present' ? Math.max(e.lastSeen, rec.lastSeen, present(e.camera)) : Math.max(e.lastSeen, rec.lastSeen);
    const visits = (rec.visits ?? [{ start: rec.firstSeen, end: rec.lastSeen }]).map((v) => ({ ...v }));
    const last = visits[visits.length - 1];
    if (last) last.end = Math.max(last.end, end);
    const zones = rec.zones.map((z) => (z.exitedAt === null ? { ...z, exitedAt: end, dwellSeconds: Math.max(0, (end - z.enteredAt) / 1000) } : z));
    const { segmentsSeen: _s, firstSegmentAt: _f, lastSegmentAt: _l, description: _d, ...fact } = rec;
    void objects.write({ ...fact, lastSeen: Math.max(rec.lastSeen, end), visits, zones }, true);
    if (e.state === 'present') {
      void putLive(d.live, e.camera, e.objectId, { label: e.label, start: e.start, lastSeen: end, state: 'cut', zones: e.zones, cutAt: end });
      cut++;
    } else closed++;
  }
  return { cut, closed };
}
