/**
 * Reading a replayed data directory: the bench and its test open the memory read-only, read it
 * with the typed queries and close it (before the directory may be removed).
 */
import { MemoryQueries } from '../../memory/queries.js';
import { MemoryStore } from '../../memory/store.js';

/** Runs `f` over the memory of a data directory opened read-only, then closes it. */
export async function readMemory<T>(data: string, f: (q: MemoryQueries) => T): Promise<T> {
  const store = new MemoryStore({ dir: data, readOnly: true });
  store.open();
  try {
    return f(new MemoryQueries(store));
  } finally {
    await store.close();
  }
}
