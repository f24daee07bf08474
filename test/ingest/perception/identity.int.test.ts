/**
 * Identities on real footage, through `vigil replay` into LMDB: the same six people coming back
 * (the one-by-one clip looped three times; the clip, its reverse and a slowed copy) are six
 * identities, each one person, never more identities than visits; and bottles keep their ids
 * when the clip is replayed again into the same data directory (a new run, as after a restart).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { recordings } from '../../../bench/identity/material.js';
import { scoreIdentities } from '../../../bench/identity/score.js';
import { readMemory } from '../../../bench/identity/memory.js';
import { runCli, tempDir } from '../../helpers/daemon.js';
import { SHARED_VIDEOS } from '../../helpers/rtsp-server.js';

const T0 = Date.parse('2026-01-05T08:00:00Z');
const ALL = { from: T0, to: T0 + 24 * 3600_000 };

async function replay(file: string, camera: string, data: string, start: number): Promise<void> {
  const r = await runCli(['replay', file, '--camera', camera, '--start', new Date(start).toISOString(), '--data', data]);
  assert.equal(r.code, 0, r.stderr);
}

test('the same six people coming back are six identities, each one person, never more than visits', { timeout: 300_000 }, async () => {
  for (const rec of recordings(join(SHARED_VIDEOS, 'one-by-one-person-detection.mp4'), tempDir('identity-clips'), ['looped3', 'composite'])) {
    const data = tempDir(`identity-${rec.name}`);
    await replay(rec.file, 'table', data, T0);
    const { visits, distinct } = await readMemory(data, (q) => ({
      visits: (q.cameraVisits(ALL, { label: 'person', camera: 'table' }) ?? []).map((v) => ({ objectId: v.objectId, start: (v.start - T0) / 1000, end: (v.end - T0) / 1000 })),
      distinct: q.countDistinct(ALL, { label: 'person', camera: 'table' }),
    }));
    const s = scoreIdentities(visits, rec.visits);
    const why = `${rec.name}: ${JSON.stringify(s)}`;
    assert.equal(distinct, 6, why);
    assert.ok(distinct <= visits.length, why);
    assert.ok(visits.length >= 17, `every return is a visit (two within 10 s may be one): ${why}`);
    assert.equal(s.personsPerId.max, 1, `no id covers two people: ${why}`);
    assert.equal(s.idsPerPerson.max, 1, `each person has one id: ${why}`);
  }
});

test('bottles keep their ids when the clip is replayed again into the same data directory', { timeout: 120_000 }, async () => {
  const data = tempDir('identity-bottles');
  const clip = join(SHARED_VIDEOS, 'bottle-detection.mp4');
  const second = T0 + 60_000;
  await replay(clip, 'bench', data, T0);
  await replay(clip, 'bench', data, second);
  const { first, again, distinct } = await readMemory(data, (q) => {
    const bottles = q.objectsIn(ALL, { label: 'bottle', camera: 'bench' });
    const seen = (from: number, to: number): Set<string> => new Set(bottles.filter((o) => (o.visits ?? []).some((v) => v.start >= from && v.start < to)).map((o) => o.objectId));
    return { first: seen(T0, second), again: seen(second, ALL.to), distinct: q.countDistinct(ALL, { label: 'bottle', camera: 'bench' }) };
  });
  assert.equal(first.size, 3, [...first].join(' '));
  assert.equal(distinct, 3, `three bottles over both runs, not six: ${[...first].join(' ')} / ${[...again].join(' ')}`);
  assert.deepEqual([...again].sort(), [...first].sort(), 'the second run saw the same three bottles, under their ids');
  for (const id of again) assert.match(id, /-r1$/, 'ids of the first run');
});
