/**
 * Messages between `runSql` and its worker.
 */
import type { SqlErrorCode } from './guard.js';
import type { Projection } from './project.js';

/** A query for the worker. */
export interface SqlJob {
  id: number;
  sql: string;
  rows: Projection;
  maxRows: number;
}

/** The worker's answer. */
export type SqlReply =
  | { id: number; ok: true; columns: string[]; rows: unknown[][]; truncated: boolean; rowCount: number; loadMs: number; queryMs: number }
  | { id: number; ok: false; code: SqlErrorCode; message: string };
