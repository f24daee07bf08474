/**
 * Every tool over the fixture memory: exact results, and each error path returned as a failed
 * result (never thrown, never a claim).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { closeSql } from '../../memory/sql/index.js';
import type { MemoryStore } from '../../memory/store.js';
import { ALL_TOOLS, runTool, toolSpec, type ToolContext } from '../../planner/tools/index.js';
import { tempDir } from '../helpers/daemon.js';
import { scriptedEndpoint, startScriptedServer, type ScriptedServer } from '../helpers/openai-server.js';
import { fixtureMemory, T0, toolContext } from './fixture.js';

let store: MemoryStore;
let ctx: ToolContext;
const iso = (min: number, s = 0): string => new Date(T0 + min * 60_000 + s * 1000).toISOString();
const run = (name: string, input: unknown, c: ToolContext = ctx): ReturnType<typeof runTool> => runTool(ALL_TOOLS, name, input, c);

before(async () => {
  store = await fixtureMemory();
  ctx = toolContext(store);
});
after(async () => {
  await store.close();
  await closeSql();
});

test('every tool has a name, a description and a JSON object schema', () => {
  const names = ALL_TOOLS.map((t) => t.name);
  assert.equal(new Set(names).size, names.length);
  for (const n of ['query', 'caption_retrieval', 'segment_localization', 'visual_question_answering', 'object_memory_querying', 'subtask_when', 'subtask_why', 'subtask_what', 'subtask_how', 'subtask_count', 'subtask_other', 'search_docs', 'query_table', 'snapshot', 'clip']) assert.ok(names.includes(n), n);
  for (const t of ALL_TOOLS) {
    const spec = toolSpec(t);
    assert.equal((spec.function.parameters as { type?: string }).type, 'object', t.name);
    assert.ok(t.description.length > 10);
  }
});

test('runTool: unknown tool, invalid JSON and schema violations are failed results', async () => {
  const u = await run('teleport', {});
  assert.equal(u.ok, false);
  assert.equal(u.code, 'TOOL_UNKNOWN');
  const j = await run('query', '{measure: count');
  assert.deepEqual([j.ok, j.code], [false, 'TOOL_BAD_INPUT']);
  const s = await run('query', { measure: 3 });
  assert.deepEqual([s.ok, s.code], [false, 'TOOL_BAD_INPUT']);
  assert.match(s.output, /^FAILED TOOL_BAD_INPUT: bad query: measure/);
  const extra = await run('query', { measure: { measure: 'countAt' }, labelz: 'person' });
  assert.equal(extra.ok, false);
});

test('the query tool runs the question language with exact arithmetic; times ISO or local', async () => {
  const person = { classes: ['person'] };
  const q = async (measure: unknown, extra: Record<string, unknown> = {}): Promise<Awaited<ReturnType<typeof runTool>>> => run('query', { measure, subject: person, ...extra });
  assert.equal((await q({ measure: 'count', of: 'visits' })).value, 2);
  assert.equal((await run('query', { measure: { measure: 'count', of: 'visits' }, subject: { classes: ['car'] } })).value, 1);
  assert.equal((await q({ measure: 'count', of: 'present' }, { time: { from: iso(4), to: iso(6) } })).value, 1);
  assert.equal((await q({ measure: 'count', of: 'visits' }, { time: { from: iso(4), to: iso(6) } })).value, 0, 'nobody arrived then');
  assert.equal((await q({ measure: 'countAt' }, { time: { at: iso(2, 30) } })).value, 2);
  // local times as answers print them (the fixture's zone is UTC, now is 09:10)
  assert.equal((await q({ measure: 'countAt' }, { time: { at: '09:02:30' } })).value, 2);
  assert.equal((await q({ measure: 'countAt' }, { time: { at: '2026-11-21 09:02:30' } })).value, 2);
  assert.equal((await q({ measure: 'countAt' }, { time: { at: '2026-11-21 09:02:30 Europe/Paris' } })).code, 'TOOL_BAD_INPUT', "another zone than the daemon's");
  const max = await q({ measure: 'extreme', which: 'max' });
  assert.equal(max.value, 2);
  assert.match(max.output, /^Read as: the most people at once/);
  assert.equal((await q({ measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 2 } } })).value, new Date(T0 + 2 * 60_000 - 250).toISOString());
  assert.equal((await run('query', { measure: { measure: 'count', of: 'events', event: 'line_cross' }, place: { cameras: [], line: 'gate' } })).value, 1);
});

test('the query tool takes the short forms its line shows a model, each the same query as the full object', async () => {
  const same = async (short: Record<string, unknown>, full: Record<string, unknown>): Promise<void> => {
    const a = await run('query', short);
    const b = await run('query', full);
    assert.equal(a.code, undefined, a.output);
    assert.deepEqual(a.value, b.value, JSON.stringify(short));
    assert.equal(a.output, b.output);
  };
  const person = { classes: ['person'] };
  await same({ measure: 'count visits', subject: 'person' }, { measure: { measure: 'count', of: 'visits' }, subject: person });
  await same({ measure: 'max', subject: ['person'] }, { measure: { measure: 'extreme', which: 'max' }, subject: person });
  await same({ measure: 'first arrival', subject: 'person' }, { measure: { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 1 } } }, subject: person });
  await same({ measure: 'last departure', subject: 'person' }, { measure: { measure: 'when', of: { kind: 'departure', visit: { by: 'nth', n: -1, order: 'departure' } } }, subject: person });
  await same({ measure: 'avg duration', subject: 'person' }, { measure: { measure: 'duration', of: { kind: 'visits', agg: 'avg' } }, subject: person });
  await same({ measure: 'count line_cross', place: { cameras: [], line: 'gate' } }, { measure: { measure: 'count', of: 'events', event: 'line_cross' }, place: { cameras: [], line: 'gate' } });
  await same({ measure: 'countAt', subject: 'person', at: '09:02:30' }, { measure: { measure: 'countAt' }, subject: person, time: { at: '09:02:30' } });
  await same({ measure: 'count present', subject: 'person', when: 'between 09:04 and 09:06' }, { measure: { measure: 'count', of: 'present' }, subject: person, time: { from: iso(4), to: iso(6) } });
  // an unknown phrase is no guess: the schema refuses it
  assert.equal((await run('query', { measure: 'how many people', subject: 'person' })).code, 'TOOL_BAD_INPUT');
  assert.equal((await run('query', { measure: 'count visits', when: 'on the 31st of Smarch' })).code, 'TOOL_BAD_INPUT');
});

test('firstObjectsIn picks the first objects as objectsIn orders them, decoding only those', () => {
  for (const w of [{ from: T0, to: T0 + 600_000 }, { from: T0 + 150_000, to: T0 + 600_000 }]) {
    for (const label of [undefined, 'person', 'car']) {
      const all = ctx.queries.objectsIn(w, { label });
      for (const n of [1, 2, 5]) {
        const r = ctx.queries.firstObjectsIn(w, { label }, n);
        assert.deepEqual(r.objects.map((o) => o.objectId), all.slice(0, n).map((o) => o.objectId));
        assert.equal(r.count, ctx.queries.countDistinct(w, { label }));
      }
    }
  }
});

test('the query tool: error paths are failed results, an empty window is unknown, not zero', async () => {
  for (const input of [{ measure: { measure: 'countAt' }, time: { at: 'yesterday noon' } }, { measure: { measure: 'count', of: 'nothing' } }, { measure: { measure: 'when', of: { kind: 'arrival', visit: { by: 'nth', n: 0 } } } }]) {
    const r = await run('query', input);
    assert.equal(r.ok, false, JSON.stringify(input));
    assert.equal(r.code, 'TOOL_BAD_INPUT');
    assert.match(r.output, /^FAILED TOOL_BAD_INPUT/);
  }
  const none = await run('query', { measure: { measure: 'countAt' }, subject: { classes: ['person'] }, time: { at: '2026-11-21T08:00:00Z' } });
  assert.equal(none.value, null);
  assert.match(none.output, /I cannot tell: nothing was recorded then/);
  const cam = await run('query', { measure: { measure: 'count', of: 'visits' }, place: { cameras: ['nowhere'] } });
  assert.equal(cam.value, null);
  assert.match(cam.output, /no camera called nowhere/);
});

test('VideoAgent tools: captions, localisation, objects, and their failures', async () => {
  const caps = await run('caption_retrieval', {});
  assert.ok(caps.ok);
  const lines = caps.output.split('\n').slice(1);
  assert.ok(lines.length <= 15 && lines.length >= 3, caps.output);
  assert.match(caps.output, /1 car/);
  const short = await run('caption_retrieval', { from: iso(4), to: iso(4, 10) });
  assert.ok(short.output.split('\n').length - 1 <= 5);

  const loc = await run('segment_localization', { text: 'car at the entrance' });
  assert.ok(loc.ok);
  assert.match(loc.output, /by words/);
  const top = loc.output.split('\n').slice(1);
  assert.equal(top.length, 5);
  for (const l of top) assert.match(l, /car/);
  assert.ok(loc.evidence.every((e) => e.snapshot?.startsWith('/api/cameras/lobby/keyframe.jpg?ts=')));
  assert.equal((await run('segment_localization', { text: 'the of' })).code, 'TOOL_BAD_INPUT');

  const obj = await run('object_memory_querying', { question: 'who went to the door and crossed the gate?' });
  assert.ok(obj.ok);
  assert.deepEqual(obj.evidence[0]?.trackIds, ['lobby:person:1']);

  const noVision = await run('visual_question_answering', { question: 'what colour?', segment: `lobby/${T0 + 60_000}` });
  assert.deepEqual([noVision.ok, noVision.code], [false, 'PLANNER_NO_MODEL']);
  assert.equal((await run('visual_question_answering', { question: 'x', segment: 'lobby' })).code, 'TOOL_BAD_INPUT');
  assert.equal((await run('visual_question_answering', { question: 'x' })).code, 'TOOL_BAD_INPUT');
});

const servers: ScriptedServer[] = [];
after(async () => {
  for (const s of servers) await s.close();
});
async function server(o: Parameters<typeof startScriptedServer>[0]): Promise<ScriptedServer> {
  const s = await startScriptedServer(o);
  servers.push(s);
  return s;
}

test('visual_question_answering sends up to 3 keyframes around the segment to the vision model', async () => {
  const srv = await server({ chat: () => ({ content: 'The frame is mostly red.' }) });
  const c = toolContext(store, { vision: scriptedEndpoint(srv.baseUrl, 'vis') });
  const r = await run('visual_question_answering', { question: 'what colour dominates?', segment: `lobby/${T0 + 60_000}` }, c);
  assert.ok(r.ok, r.output);
  assert.match(r.output, /mostly red/);
  const body = srv.chats()[0];
  const parts = body?.messages.find((m) => m.role === 'user')?.content as { type: string; image_url?: { url: string } }[];
  assert.equal(parts.filter((p) => p.type === 'image_url').length, 3);
  assert.ok(parts.every((p) => p.type !== 'image_url' || p.image_url?.url.startsWith('data:image/jpeg;base64,/9j/')));
  assert.equal(c.models.meter.calls, 1);
  assert.ok(c.models.meter.tokens > 0);
  // camera and start time as caption_retrieval prints them
  const byTime = await run('visual_question_answering', { question: 'what colour dominates?', camera: 'lobby', at: '09:01:00' }, c);
  assert.ok(byTime.ok, byTime.output);
  assert.deepEqual(byTime.evidence.map((e) => e.start), r.evidence.map((e) => e.start));
  const far = await run('visual_question_answering', { question: 'x', camera: 'lobby', at: '2026-11-21T07:00:00Z' }, c);
  assert.deepEqual([far.ok, far.code], [false, 'TOOL_NOTHING_STORED']);
});

test('knowledge tools: documents by words and by embeddings, CSV tables symbolically', async () => {
  const dir = tempDir('knowledge');
  mkdirSync(join(dir, 'docs'));
  mkdirSync(join(dir, 'tables'));
  writeFileSync(join(dir, 'docs', 'procedures.md'), '# Night\n\nAfter 22:00 the loading door stays locked; report any person at the door to security.\n\nForklifts park in bay 3.');
  writeFileSync(join(dir, 'tables', 'shifts.csv'), 'name,start,hours\n"Ada, A.",06:00,8\nBo,14:00,6\nCy,22:00,8\n');
  const noFolder = await run('search_docs', { query: 'door' });
  assert.deepEqual([noFolder.ok, noFolder.code], [false, 'TOOL_NOTHING_STORED']);
  const k = toolContext(store, {}, { docs: join(dir, 'docs'), tables: join(dir, 'tables') });
  const d = await run('search_docs', { query: 'who to report a person at the door to' }, k);
  assert.ok(d.ok);
  assert.match(d.output.split('\n')[0] ?? '', /by words\] .*security/);
  assert.match(d.output, /procedures\.md/);

  const srv = await server({});
  const e = toolContext(store, { embeddings: scriptedEndpoint(srv.baseUrl, 'emb') }, { docs: join(dir, 'docs') });
  const de = await run('search_docs', { query: 'forklifts park bay' }, e);
  assert.match(de.output.split('\n')[0] ?? '', /by embeddings\] .*bay 3/);
  assert.equal(e.models.meter.calls, 1);
  assert.ok(srv.requests.some((r) => r.path === '/v1/embeddings'));

  assert.match((await run('query_table', {}, k)).output, /shifts: name, start, hours/);
  const rows = await run('query_table', { table: 'shifts', where: [{ column: 'hours', op: '>=', value: '8' }], select: ['name'] }, k);
  assert.match(rows.output, /^2 rows/);
  assert.match(rows.output, /Ada, A\./);
  assert.equal((await run('query_table', { table: 'shifts', aggregate: { op: 'sum', column: 'hours' } }, k)).value, 22);
  assert.equal((await run('query_table', { table: 'Shifts', where: [{ column: 'name', op: 'contains', value: 'b' }], aggregate: { op: 'count' } }, k)).value, 1);
  assert.equal((await run('query_table', { table: 'rota' }, k)).code, 'TOOL_BAD_INPUT');
  assert.equal((await run('query_table', { table: 'shifts', where: [{ column: 'age', op: '=', value: '3' }] }, k)).code, 'TOOL_BAD_INPUT');
  assert.equal((await run('query_table', { table: 'shifts', aggregate: { op: 'avg' } }, k)).code, 'TOOL_BAD_INPUT');
});

test('utility tools: snapshot reference, clip from a recording, plain failure without recordings', async () => {
  const s = await run('snapshot', { camera: 'lobby', at: iso(2, 1) });
  assert.ok(s.ok);
  assert.equal(s.value, `/api/cameras/lobby/keyframe.jpg?ts=${T0 + 120_000}`);
  assert.equal((await run('snapshot', { camera: 'lobby', at: '2026-11-21T06:00:00Z' })).code, 'TOOL_NOTHING_STORED');
  assert.equal((await run('snapshot', { camera: 'attic', at: iso(2) })).code, 'TOOL_BAD_INPUT');

  const none = await run('clip', { camera: 'lobby', from: iso(1), to: iso(1, 10) });
  assert.deepEqual([none.ok, none.code], [false, 'TOOL_NOTHING_STORED']);
  assert.match(none.output, /no recording is stored for lobby.*not video/);
  assert.equal((await run('clip', { camera: 'lobby', from: iso(2), to: iso(1) })).code, 'TOOL_BAD_INPUT');

  const dir = tempDir('rec');
  mkdirSync(join(dir, 'recordings', 'lobby'), { recursive: true });
  execFileSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10', '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '10', join(dir, 'recordings', 'lobby', `${T0 + 60_000}.mp4`)]);
  const k = toolContext(store, {}, { recordings: join(dir, 'recordings'), clips: join(dir, 'clips') });
  const c = await run('clip', { camera: 'lobby', from: iso(1, 5), to: iso(1, 8) }, k);
  assert.ok(c.ok, c.output);
  assert.ok(typeof c.value === 'string' && existsSync(c.value));
  const secs = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', c.value], { encoding: 'utf8' }));
  assert.ok(secs > 2 && secs < 4.5, `clip of ${secs} s`);
});
