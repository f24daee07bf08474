/**
 * `list`: the visits (arrivals), visits in progress, identities or events of the window.
 */
import { EVENT } from '../describe-words.js';
import { visitEvidence } from '../execute-common.js';
import { runCount } from '../execute-measures.js';
import type { IdentityFact } from '../schema.js';
import type { MeasureModule, MeasureOf } from './module.js';

/** The `list` measure. */
export const list: MeasureModule<MeasureOf<'list'>> = {
  execute(r, m, all) {
    const { q } = r;
    if (m.of === 'events') return runCount(r, { measure: 'count', of: 'events', ...(m.event ? { event: m.event } : {}) }, all, true);
    if (m.of === 'identities') {
      const byObj = new Map<string, IdentityFact>();
      for (const v of all(q.time.from, q.time.to)) {
        const e = byObj.get(v.objectId);
        if (e) {
          e.visits++;
          e.lastSeen = Math.max(e.lastSeen, v.end);
        } else byObj.set(v.objectId, { camera: v.camera, objectId: v.objectId, label: v.label, firstSeen: v.start, lastSeen: v.end, visits: 1 });
      }
      const items = [...byObj.values()];
      return { kind: 'list', items, total: items.length };
    }
    const vs = all(q.time.from, q.time.to).filter((v) => m.of === 'present' || v.start >= q.time.from);
    r.evidence.push(...visitEvidence(vs));
    return { kind: 'list', items: vs, total: vs.length };
  },
  describe: (m, { at, sn, t }) => `the ${m.of === 'events' ? (m.event ? EVENT[m.event] : 'events') : m.of === 'identities' ? 'different' : 'visits of'} ${sn} ${at} ${t}`,
  readsCounts: (m) => m.of === 'events' && (m.event === 'taken' || m.event === 'returned'),
  instant: () => false,
  combine: () => 'sum',
};
