/**
 * A walk of every database of an LMDB environment, as LMDB reads it: the environment is opened
 * read-only, LMDB's statistics are read (the free-page list included), and each named database is
 * read from its first entry to its last, keys and values as raw bytes, and counted against the
 * entry count LMDB keeps. A damaged page surfaces as an LMDB error (MDB_PAGE_NOTFOUND,
 * MDB_CORRUPTED, ...), a wrong count, or a crash of the process: run it in a child process
 * (`storage-probe.ts`), never in the daemon.
 */
import { open, type Database, type RootDatabase } from 'lmdb';

/** Exit code of the probe process (`storage-probe.ts`) when its walk found damage. */
export const PROBE_DAMAGED = 3;

/** What a walk read. */
export interface WalkResult {
  /** Named databases walked. */
  dbs: number;
  /** Entries read across them. */
  entries: number;
  /** Bytes of keys and values read. */
  bytes: number;
}

/** Reads every entry of one database; throws when the count disagrees with LMDB's. (Names are stored with a trailing NUL, dropped by the caller.) */
function walkDb(root: RootDatabase, name: string, out: WalkResult): void {
  const db = root.openDB({ name, encoding: 'binary', keyEncoding: 'binary' }) as unknown as Database<Buffer, Buffer>;
  const expected = (db.getStats() as { entryCount: number }).entryCount;
  let n = 0;
  for (const { key, value } of db.getRange({})) {
    n++;
    out.bytes += key.length + value.length;
  }
  if (n !== expected) throw new Error(`${n} readable entries, LMDB counts ${expected}`);
  out.entries += n;
  out.dbs++;
}

/**
 * Walks every database of the environment at `path` (a directory holding `data.mdb`).
 * @throws the first error LMDB raises, with the database it was reading
 */
export function walkEnvironment(path: string): WalkResult {
  const root = open({ path, readOnly: true, maxDbs: 256, compression: false, encoding: 'binary', keyEncoding: 'binary' });
  const out: WalkResult = { dbs: 0, entries: 0, bytes: 0 };
  try {
    root.getStats();
    const names: string[] = [];
    for (const k of root.getKeys({})) names.push((Buffer.isBuffer(k) ? k.toString('utf8') : String(k)).replace(/\0+$/, ''));
    for (const name of names) {
      try {
        walkDb(root, name, out);
      } catch (e) {
        throw new Error(`${(e as Error).message} (database "${name}")`, { cause: e });
      }
    }
    return out;
  } finally {
    void root.close();
  }
}
