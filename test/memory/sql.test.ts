import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { MemoryQueries } from '../../memory/queries.js';
import { closeSql, runSql, SQL_SCHEMA, SQL_TABLES, SqlError, type SqlErrorCode } from '../../memory/sql/index.js';
import { checkSql } from '../../memory/sql/guard.js';
import { MemoryStore } from '../../memory/store.js';
import { event, frame, object, segment } from './fixtures.js';

const T0 = Date.parse('2026-11-21T09:00:00Z');
const W = { from: T0, to: T0 + 600_000 };
let s: MemoryStore;
let q: MemoryQueries;

/** Keys per database, to show that no query changed the memory. */
function census(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, db] of Object.entries(s.dbs())) out[name] = (db as { getKeysCount(): number }).getKeysCount();
  return out;
}

before(async () => {
  s = new MemoryStore({ dir: mkdtempSync(join(tmpdir(), 'vigil-sql-')) });
  s.open();
  // camera a: p1..p4 people and a car over 10 minutes; camera b: p5, p6; one person (p0) left before the window
  const people: [string, string, number, number, string | null][] = [
    ['a', 'a:person:0', -120_000, -60_000, 'door'],
    ['a', 'a:person:1', 10_000, 70_000, 'door'],
    ['a', 'a:person:2', 50_000, 200_000, 'door'],
    ['a', 'a:person:3', 300_000, 320_000, null],
    ['a', 'a:person:4', 580_000, 700_000, 'door'],
    ['b', 'b:person:5', 100_000, 160_000, 'till'],
    ['b', 'b:person:6', 120_000, 400_000, null],
  ];
  for (const [cam, id, f, l, zone] of people) {
    const zones = zone ? [{ zone, enteredAt: T0 + f + 5000, exitedAt: l > 650_000 ? null : T0 + l - 5000, dwellSeconds: (l - f - 10_000) / 1000 }] : [];
    const crossings = [{ line: 'gate', ts: T0 + f + 1000, direction: id.endsWith('2') ? ('backward' as const) : ('forward' as const) }];
    void s.write(object(cam, id, 'person', T0 + f, T0 + l, { zones, crossings, embedding: [1, 0, 0] }));
    void s.write(event(cam, T0 + f + 1000, 'line_cross', { objectId: id, label: 'person', line: 'gate', direction: crossings[0]?.direction }));
    if (zone) void s.write(event(cam, T0 + f + 5000, 'zone_enter', { objectId: id, label: 'person', zone }));
  }
  void s.write(object('a', 'a:car:1', 'car', T0 + 30_000, T0 + 90_000));
  for (let t = T0; t < T0 + 600_000; t += 500) {
    for (const cam of ['a', 'b']) {
      const ids = people.filter(([c, , f, l]) => c === cam && T0 + f <= t && t <= T0 + l).map(([, id]) => id);
      void s.write(frame(cam, t, ids, ids.length ? { door: ids.length } : {}));
      if (t % 2000 === 0) void s.write(segment(cam, t, ids.length ? `${ids.length} person` : 'quiet'));
    }
  }
  await s.flush();
  q = new MemoryQueries(s);
});

after(async () => {
  await closeSql();
  await s.close();
});

test('the schema text names every table and column', () => {
  for (const t of SQL_TABLES) {
    assert.match(SQL_SCHEMA, new RegExp(`^${t.name}\\(`, 'm'));
    for (const c of t.columns) assert.ok(SQL_SCHEMA.includes(`  ${c.name} ${c.type}`), `${t.name}.${c.name}`);
  }
});

test('answers equal the typed queries: distinct people, dwell per object in a zone, crossings by direction', async () => {
  const n = await runSql(s, "SELECT COUNT(DISTINCT object_id) AS n FROM objects WHERE label = 'person'", { window: W });
  assert.deepEqual(n.columns, ['n']);
  assert.deepEqual(n.rows, [[q.countDistinct(W, { label: 'person' })]]);
  assert.equal(n.rows[0]?.[0], 6);
  assert.deepEqual(n.projected, { objects: 6 + 1 });

  const byCam = await runSql(s, "SELECT camera, COUNT(*) FROM objects WHERE label = 'person' GROUP BY camera ORDER BY camera", { window: W });
  assert.deepEqual(byCam.rows, [
    ['a', q.countDistinct(W, { label: 'person', camera: 'a' })],
    ['b', q.countDistinct(W, { label: 'person', camera: 'b' })],
  ]);

  const dwell = await runSql(s, "SELECT object_id, SUM(dwell_s) AS s FROM zone_visits WHERE zone = 'door' GROUP BY object_id ORDER BY s DESC, object_id", { window: W });
  const typed = q.dwell(W, 'door').map((d) => [d.object.objectId, d.seconds]);
  assert.deepEqual(dwell.rows, typed);
  assert.equal(dwell.rows.length, 3);

  const cross = await runSql(
    s,
    `-- crossings of the gate line, by direction
     SELECT direction, COUNT(*) FROM events WHERE type = 'line_cross' AND line = 'gate' GROUP BY direction ORDER BY direction;`,
    { window: W },
  );
  const c = q.crossings(W, 'gate');
  assert.deepEqual(cross.rows, [
    ['backward', c.backward],
    ['forward', c.forward],
  ]);

  const max = await runSql(s, "SELECT MAX(n) FROM frame_counts WHERE label = 'person'", { window: W });
  assert.equal(max.rows[0]?.[0], q.maxSimultaneous(W, { label: 'person' }).count);

  const withCte = await runSql(s, 'WITH w AS (SELECT from_ms FROM query_window) SELECT COUNT(*) FROM segments, w WHERE start_ms >= w.from_ms', { window: W });
  assert.equal(withCte.rows[0]?.[0], q.segments(W).length);
  assert.ok(n.ms > 0);
});

test('strings and comments are not mistaken for statements; functions named like keywords work', async () => {
  const r = await runSql(s, "SELECT 'DELETE FROM events; DROP TABLE x' AS a, replace(\"label\", 'per', 'PER') /* ; pragma */ FROM objects WHERE object_id = 'a:person:1'", { window: W });
  assert.deepEqual(r.rows, [['DELETE FROM events; DROP TABLE x', 'PERson']]);
  assert.equal(checkSql('select 1;;  -- done').sql, 'select 1');
});

test('hostile inputs are refused with stable codes and the memory keeps all its data', async () => {
  const before = census();
  const cases: [string, SqlErrorCode][] = [
    ['DELETE FROM events', 'SQL_FORBIDDEN'],
    ['SELECT 1; DROP TABLE objects', 'SQL_MULTIPLE_STATEMENTS'],
    ['PRAGMA writable_schema=1', 'SQL_FORBIDDEN'],
    ["ATTACH DATABASE '/tmp/x' AS x", 'SQL_FORBIDDEN'],
    ["select load_extension('x')", 'SQL_FORBIDDEN'],
    ['/* SELECT */ DELETE FROM objects', 'SQL_FORBIDDEN'],
    ['-- SELECT\nUPDATE objects SET label = 1', 'SQL_FORBIDDEN'],
    ['WITH x AS (SELECT 1) INSERT INTO events SELECT * FROM events', 'SQL_FORBIDDEN'],
    ["REPLACE INTO objects VALUES ('x')", 'SQL_FORBIDDEN'],
    ['EXPLAIN SELECT 1', 'SQL_NOT_SELECT'],
    ['VALUES (1)', 'SQL_NOT_SELECT'],
    ['/* only a comment */', 'SQL_NOT_SELECT'],
    ["SELECT 'unterminated", 'SQL_SYNTAX'],
    ['SELECT FROM WHERE', 'SQL_SYNTAX'],
    ['SELECT nope FROM objects', 'SQL_SYNTAX'],
  ];
  for (const [sql, code] of cases) {
    await assert.rejects(runSql(s, sql, { window: W }), (e: unknown) => e instanceof SqlError && e.code === code && e.message.length > 10, `${sql} -> ${code}`);
    assert.deepEqual(census(), before, `data intact after ${sql}`);
  }
  assert.equal(q.countDistinct(W, { label: 'person' }), 6);
});

test('a runaway query is stopped at the timeout and the next query still runs', async () => {
  const before = census();
  for (const sql of [
    'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1e12) SELECT COUNT(*) FROM c',
    'SELECT COUNT(*) FROM frame_counts a, frame_counts b, frame_counts c',
  ]) {
    const t0 = performance.now();
    await assert.rejects(runSql(s, sql, { window: W, timeoutMs: 500 }), (e: unknown) => e instanceof SqlError && e.code === 'SQL_TIMEOUT');
    const ms = performance.now() - t0;
    assert.ok(ms < 1500, `stopped after ${Math.round(ms)} ms`);
    assert.deepEqual(census(), before);
  }
  const r = await runSql(s, 'SELECT COUNT(*) FROM events', { window: W });
  assert.equal(r.rows[0]?.[0], q.events(W).length);
});

test('row limit: truncated is flagged; too large a projection is refused', async () => {
  const r = await runSql(s, 'SELECT camera, ts_ms, n FROM frame_counts ORDER BY ts_ms', { window: W, maxRows: 10 });
  assert.equal(r.rows.length, 10);
  assert.equal(r.rowCount, 10);
  assert.equal(r.truncated, true);
  const all = await runSql(s, 'SELECT * FROM segments', { window: W, maxRows: 1000 });
  assert.equal(all.truncated, false);
  assert.equal(all.rowCount, q.segments(W).length);
  assert.equal(all.columns.length, 9);
  await assert.rejects(runSql(s, 'SELECT COUNT(*) FROM frame_counts', { window: W, maxProjectionRows: 100 }), (e: unknown) => e instanceof SqlError && e.code === 'SQL_TOO_LARGE');
});
