/**
 * The child process of the start-time storage check: `node storage-probe.js <env dir>` walks
 * every database (`storage-walk.ts`) and prints one JSON line, `{ ok: true, dbs, entries, bytes }`
 * or `{ ok: false, reason, code }` (exit code 3; `code` is LMDB's error number when it raised
 * one). A damaged file may crash this process (SIGSEGV, SIGBUS): the parent reads the signal as
 * the verdict, and the daemon never maps the file.
 */
import { PROBE_DAMAGED, walkEnvironment } from './storage-walk.js';

const path = process.argv[2];
if (path) {
  try {
    process.stdout.write(`${JSON.stringify({ ok: true, ...walkEnvironment(path) })}\n`);
  } catch (e) {
    const err = e as Error & { cause?: { code?: unknown } };
    process.stdout.write(`${JSON.stringify({ ok: false, reason: err.message, code: err.cause?.code ?? (err as { code?: unknown }).code })}\n`);
    process.exitCode = PROBE_DAMAGED;
  }
}
