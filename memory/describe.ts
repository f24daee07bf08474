/**
 * Fact descriptions of objects, built only from what perception measured, e.g.
 * "person, 42 s, visited bench2 (30 s), crossed B forward". Cheap: one pass over zones and crossings.
 */
import type { ObjectFact } from '../ingest/observations.js';

/** Zones and crossings named at most. */
const MAX_PARTS = 4;

const secs = (ms: number): number => Math.max(0, Math.round(ms / 1000));

/** A one-line description of an object from its facts. */
export function describeObject(o: ObjectFact): string {
  const parts = [`${o.label}, ${secs(o.lastSeen - o.firstSeen)} s`];
  if (o.zones.length > 0) {
    const dwell = new Map<string, number>();
    for (const z of o.zones) {
      const s = z.dwellSeconds > 0 ? z.dwellSeconds : Math.max(0, ((z.exitedAt ?? o.lastSeen) - z.enteredAt) / 1000);
      dwell.set(z.zone, (dwell.get(z.zone) ?? 0) + s);
    }
    const zones = [...dwell].slice(0, MAX_PARTS).map(([z, s]) => `${z} (${Math.round(s)} s)`);
    if (dwell.size > MAX_PARTS) zones.push(`${dwell.size - MAX_PARTS} more`);
    parts.push(`visited ${zones.join(', ')}`);
  }
  if (o.crossings.length > 0) {
    const n = new Map<string, number>();
    for (const c of o.crossings) n.set(`${c.line} ${c.direction}`, (n.get(`${c.line} ${c.direction}`) ?? 0) + 1);
    const xs = [...n].slice(0, MAX_PARTS).map(([k, c]) => (c > 1 ? `${k} ×${c}` : k));
    if (n.size > MAX_PARTS) xs.push(`${n.size - MAX_PARTS} more`);
    parts.push(`crossed ${xs.join(', ')}`);
  }
  return parts.join(', ');
}
