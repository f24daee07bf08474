/**
 * The SQL worker: loads SQLite (sql.js, WebAssembly, from the installed package: no network),
 * then for each job builds an in-memory database from the projected rows, runs the one checked
 * statement with the database set query-only, and replies. The parent terminates it on timeout.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import type { SqlJob, SqlReply } from './protocol.js';
import { schemaDdl, SQL_TABLES } from './schema.js';

const require = createRequire(import.meta.url);
const t0 = performance.now();
const ready: Promise<SqlJsStatic> = initSqlJs({ wasmBinary: readFileSync(require.resolve('sql.js/dist/sql-wasm.wasm')) as unknown as ArrayBuffer });
let loadMs = 0;
void ready.then(() => (loadMs = performance.now() - t0));

function run(SQL: SqlJsStatic, job: SqlJob): SqlReply {
  const db = new SQL.Database();
  const started = performance.now();
  try {
    db.run('BEGIN');
    for (const ddl of schemaDdl()) db.run(ddl);
    for (const t of SQL_TABLES) {
      const rows = job.rows[t.name];
      if (!rows?.length) continue;
      const ins = db.prepare(`INSERT INTO ${t.name} VALUES (${t.columns.map(() => '?').join(', ')})`);
      for (const r of rows) ins.run(r);
      ins.free();
    }
    db.run('COMMIT');
    db.run('PRAGMA query_only = 1');
    db.run('PRAGMA trusted_schema = 0');
    let stmt;
    try {
      stmt = db.prepare(job.sql);
    } catch (e) {
      return { id: job.id, ok: false, code: 'SQL_SYNTAX', message: `SQLite could not compile the query: ${e instanceof Error ? e.message : String(e)}` };
    }
    try {
      const rows: unknown[][] = [];
      let truncated = false;
      while (stmt.step()) {
        if (rows.length >= job.maxRows) {
          truncated = true;
          break;
        }
        rows.push(stmt.get());
      }
      return { id: job.id, ok: true, columns: stmt.getColumnNames(), rows, truncated, rowCount: rows.length, loadMs, queryMs: performance.now() - started };
    } catch (e) {
      return { id: job.id, ok: false, code: 'SQL_SYNTAX', message: `SQLite failed while running the query: ${e instanceof Error ? e.message : String(e)}` };
    } finally {
      stmt.free();
    }
  } finally {
    db.close();
  }
}

parentPort?.on('message', (job: SqlJob) => {
  void ready.then(
    (SQL) => {
      let reply: SqlReply;
      try {
        reply = run(SQL, job);
      } catch (e) {
        reply = { id: job.id, ok: false, code: 'SQL_SYNTAX', message: e instanceof Error ? e.message : String(e) };
      }
      parentPort?.postMessage(reply);
    },
    (e: unknown) => parentPort?.postMessage({ id: job.id, ok: false, code: 'SQL_SYNTAX', message: `SQLite failed to load: ${String(e)}` } satisfies SqlReply),
  );
});
