/** `list` across boxes: each box's items (at most FLEET_LIST_MAX), concatenated by time and tagged by box. */
import type { MeasureOf } from '../../query/measures/module.js';
import { of } from '../merge-kit.js';
import { cannot } from '../part-kit.js';
import { FLEET_LIST_MAX } from '../protocol.js';
import type { FleetMeasureModule } from './module.js';

/** The fleet's `list`. */
export const list: FleetMeasureModule<MeasureOf<'list'>> = {
  part(_m, x) {
    const v = x.run(x.q);
    if (v.kind !== 'list') return cannot(v);
    return { ok: true, value: { kind: 'list', items: v.items.slice(0, FLEET_LIST_MAX) as unknown as Record<string, unknown>[], total: v.total } };
  },
  merge(m, { parts }) {
    const ls = of(parts, 'list');
    const at = (i: Record<string, unknown>): number => Number(i.ts ?? i.start ?? i.firstSeen ?? 0);
    const items = ls.flatMap((l) => l.items.map((i) => ({ ...i, node: l.node }))).sort((a, b) => at(a) - at(b));
    const total = ls.reduce((a, l) => a + l.total, 0);
    return { value: total, kind: 'list', notes: m.of === 'identities' ? ['Identities are not merged across boxes'] : [], items };
  },
};
