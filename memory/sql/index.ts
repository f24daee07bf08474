/**
 * A read-only SQL view of the memory for model-written SQL. `runSql` checks the statement
 * (one SELECT, nothing that writes or reaches outside), projects the tables it names for a time
 * window from LMDB (synchronously, in this thread), and runs it on an in-memory SQLite (sql.js)
 * in a worker thread that is terminated when the query runs past its timeout. The worker never
 * sees LMDB, so no query can change the memory.
 */
import { Worker } from 'node:worker_threads';
import type { Window } from '../queries.js';
import type { MemoryStore } from '../store.js';
import { checkSql, SqlError } from './guard.js';
import { project } from './project.js';
import type { SqlJob, SqlReply } from './protocol.js';
import { SQL_TABLES, type SqlTableName } from './schema.js';

export { SqlError, type SqlErrorCode } from './guard.js';
export { SQL_SCHEMA, SQL_TABLES } from './schema.js';

/** Options of `runSql`. */
export interface RunSqlOptions {
  /** Time window the view holds, epoch ms `[from, to)`. */
  window: Window;
  /** Most result rows returned (default 200); more sets `truncated`. */
  maxRows?: number;
  /** Time limit in ms for running the query (default 2000). */
  timeoutMs?: number;
  /** Most rows projected into the view over all tables (default 500,000); more is SQL_TOO_LARGE. */
  maxProjectionRows?: number;
}

/** A query's answer. */
export interface SqlResult {
  columns: string[];
  rows: unknown[][];
  /** True when the query produced more than `maxRows` rows (only the first are returned). */
  truncated: boolean;
  /** Rows returned. */
  rowCount: number;
  /** Wall time of the whole call, ms. */
  ms: number;
  /** Rows projected per table named by the query. */
  projected: Partial<Record<SqlTableName, number>>;
}

const TABLE_NAMES = new Set<string>(SQL_TABLES.map((t) => t.name));

/** One warm worker kept between calls (unref'd while idle so it never holds the process open). */
let idle: Worker | null = null;
let nextId = 1;

function takeWorker(): Worker {
  let w = idle;
  if (!w) {
    const fresh = new Worker(new URL('./worker.js', import.meta.url));
    // a worker that dies while idle is not handed out again
    fresh.once('exit', () => {
      if (idle === fresh) idle = null;
    });
    w = fresh;
  }
  idle = null;
  w.ref();
  return w;
}

function giveBack(w: Worker): void {
  if (idle) {
    void w.terminate();
    return;
  }
  w.unref();
  idle = w;
}

/** Stops the warm worker (optional: it never keeps the process alive). */
export async function closeSql(): Promise<void> {
  const w = idle;
  idle = null;
  if (w) await w.terminate();
}

/** Runs one read-only SELECT over a window of the memory. Throws `SqlError`. */
export async function runSql(store: MemoryStore, sql: string, opts: RunSqlOptions): Promise<SqlResult> {
  const t0 = performance.now();
  const maxRows = Math.max(0, opts.maxRows ?? 200);
  const timeoutMs = opts.timeoutMs ?? 2000;
  const checked = checkSql(sql);
  const tables = new Set([...checked.identifiers].filter((x) => TABLE_NAMES.has(x)) as SqlTableName[]);
  const rows = project(store, opts.window, tables, opts.maxProjectionRows ?? 500_000);
  const job: SqlJob = { id: nextId++, sql: checked.sql, rows, maxRows };
  const worker = takeWorker();
  const reply = await new Promise<SqlReply>((resolve, reject) => {
    const done = (): void => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    const onMessage = (m: SqlReply): void => {
      if (m.id !== job.id) return;
      done();
      giveBack(worker);
      resolve(m);
    };
    const onError = (e: Error): void => {
      done();
      void worker.terminate();
      reject(new SqlError('SQL_SYNTAX', `the SQL worker failed: ${e.message}`));
    };
    const onExit = (code: number): void => {
      done();
      reject(new SqlError('SQL_SYNTAX', `the SQL worker exited (${code})`));
    };
    const timer = setTimeout(() => {
      done();
      void worker.terminate();
      reject(new SqlError('SQL_TIMEOUT', `the query ran longer than ${timeoutMs} ms and was stopped: simplify it (fewer joins, a bounded recursion, a narrower window)`));
    }, timeoutMs);
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    worker.postMessage(job);
  });
  if (!reply.ok) throw new SqlError(reply.code, reply.message);
  const projected: Partial<Record<SqlTableName, number>> = {};
  for (const t of tables) projected[t] = rows[t]?.length ?? 0;
  return { columns: reply.columns, rows: reply.rows, truncated: reply.truncated, rowCount: reply.rowCount, ms: performance.now() - t0, projected };
}
