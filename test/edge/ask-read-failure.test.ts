/**
 * A question over a damaged memory (issue 23, item 4): a read that fails while answering answers
 * MEMORY_READ_FAILED with the fixed message, whether the planner let the error through or put it
 * into words; any other failure is still ASK_FAILED.
 */
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ApiHandlers, type ApiDeps } from '../../edge/api/handlers.js';
import type { Answer } from '../../planner/answer.js';
import { READ_FAILED_MESSAGE } from '../../memory/read-guard.js';
import { MemoryError, MemoryStore } from '../../memory/store.js';
import { frame, segment } from '../memory/fixtures.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'vigil-ask-damaged-'));
let store: MemoryStore;

const ANSWER = { answer: 'The memory could not be read.', value: null, evidence: [], coverage: { from: null, to: null, gaps: [] }, planner: 'react', cost: { tokens: 0, calls: 0, ms: 0 } } as unknown as Answer;

function handlers(ask: ApiDeps['answerer']['ask']): ApiHandlers {
  return new ApiHandlers({ node: 'n', version: '0', answerer: { ask }, cameras: {} as never, memory: store, rules: {} as never, live: {} as never });
}

const ctx = { scope: 'read' as const };

before(async () => {
  const w = new MemoryStore({ dir });
  w.open();
  for (let i = 0; i < 200; i++) {
    void w.write(frame('door', T0 + i * 500, ['p1']));
    if (i % 4 === 0) void w.write(segment('door', T0 + i * 500));
  }
  await w.close();
  store = new MemoryStore({ dir, readOnly: true });
  store.open();
  // damaged while open: every page but the two meta pages zeroed, in place (LMDB reports zeroed pages)
  const file = join(dir, 'memory', 'data.mdb');
  const fd = openSync(file, 'r+');
  const n = statSync(file).size - 8192;
  writeSync(fd, Buffer.alloc(n), 0, n, 8192);
  closeSync(fd);
});

after(() => store.close());

const readFailed = (e: unknown): boolean => e instanceof MemoryError && e.code === 'MEMORY_READ_FAILED' && e.message === READ_FAILED_MESSAGE;

test('a planner that put the failed read into words: the answer is MEMORY_READ_FAILED', async () => {
  const h = handlers(() => {
    try {
      store.segments(T0, T0 + 100_000, 'door');
    } catch {
      // a model planner turns a failed tool into text for the model
    }
    return Promise.resolve(ANSWER);
  });
  await assert.rejects(h.handle({ type: 'ask', question: 'what happened?' } as never, ctx), readFailed);
});

test('a failed read that reaches the handler keeps its code (not ASK_FAILED with LMDB text)', async () => {
  const h = handlers(() => Promise.resolve().then(() => store.segments(T0, T0 + 100_000, 'door') && ANSWER));
  await assert.rejects(h.handle({ type: 'ask', question: 'what happened?' } as never, ctx), readFailed);
});

test('other failures are still ASK_FAILED, and an answer with no failed read is the answer', async () => {
  const failing = handlers(() => Promise.reject(new Error('model down')));
  await assert.rejects(failing.handle({ type: 'ask', question: 'q' } as never, ctx), (e: unknown) => (e as { code?: string }).code === 'ASK_FAILED');
  const fine = handlers(() => Promise.resolve(ANSWER));
  assert.equal(await fine.handle({ type: 'ask', question: 'q' } as never, ctx), ANSWER);
});
