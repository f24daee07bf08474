/**
 * Per-file hooks of the planner's scripted-server tests: the fixture memory opens before the
 * file's tests; scripted servers, the memory and the SQL workers close after them.
 */
import { after, before } from 'node:test';
import { closeSql } from '../../memory/sql/index.js';
import type { MemoryStore } from '../../memory/store.js';
import { startScriptedServer, type ChatBody, type ChatReply, type ScriptedServer } from '../helpers/openai-server.js';
import { fixtureMemory } from './fixture.js';

/** Scripted servers that close with the file's fixture memory. */
export interface ScriptedServers {
  /** A server answering the n-th chat request with `replies[n]`, then with `fallback`. */
  replies(replies: ChatReply[], fallback?: ChatReply): Promise<ScriptedServer>;
  /** A server answering each chat request with `chat(body, n)`. */
  chat(chat: (body: ChatBody, n: number) => ChatReply): Promise<ScriptedServer>;
}

/**
 * Registers the file's hooks.
 * @param opened receives the fixture memory once it is open
 */
export function withFixtureMemory(opened: (store: MemoryStore) => void): ScriptedServers {
  let store: MemoryStore | undefined;
  const servers: ScriptedServer[] = [];
  before(async () => {
    store = await fixtureMemory();
    opened(store);
  });
  after(async () => {
    for (const s of servers) await s.close();
    await store?.close();
    await closeSql();
  });
  const chat = async (fn: (body: ChatBody, n: number) => ChatReply): Promise<ScriptedServer> => {
    const s = await startScriptedServer({ chat: fn });
    servers.push(s);
    return s;
  };
  return { chat, replies: (list, fallback = { content: 'out of script' }) => chat((_b, n) => list[n] ?? fallback) };
}
