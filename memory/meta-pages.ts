/**
 * A check of an LMDB data file's meta pages, read with plain file reads (never mapped), so a file
 * truncated or overwritten at its head is found before anything maps it: LMDB itself would map
 * such a file and die on a bus error (pages past the end) or a segmentation fault.
 *
 * Layout (64-bit LMDB 0.9 as built by lmdb-js, data version 2): pages 0 and 1 are meta pages.
 * Each starts with a 24-byte page header (page number, txn id, pad, flags with P_META = 0x08,
 * lower/upper), then the meta: magic 0xBEEFC0DE, version, fixed address, map size, the free and
 * main database records (48 bytes each; the free one's first field is the page size), the last
 * page used and the txn id of the commit that wrote it.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { endianness } from 'node:os';

/**
 * Whether this process's LMDB lays its meta pages out as read here: 64-bit (8-byte page numbers),
 * little-endian. Elsewhere the check is skipped (the walk in a child process still runs).
 */
export const META_LAYOUT_KNOWN = ['x64', 'arm64', 'riscv64', 'loong64', 'ppc64'].includes(process.arch) && endianness() === 'LE';

const MAGIC = 0xbeefc0de;
const DATA_VERSION = 2;
const P_META = 0x08;
const PAGE_HEADER = 24;
/** Offsets inside the meta (after the page header). */
const M = { magic: 0, version: 4, pageSize: 24, freeRoot: 64, mainRoot: 112, lastPage: 120, txnId: 128, end: 136 } as const;
/** Root page number of an empty database. */
const NO_PAGE = 0xffffffffffffffffn;

/** What the meta pages say, or why the file cannot be an intact LMDB data file. */
export type MetaCheck = { ok: true; pageSize: number; lastPage: number; txnId: number } | { ok: false; reason: string };

interface Meta {
  pageSize: number;
  mainRoot: bigint;
  freeRoot: bigint;
  lastPage: bigint;
  txnId: bigint;
}

/** The meta in `buf` at `off`, or why it is not one. */
function metaAt(buf: Buffer, off: number, page: number): Meta | string {
  if (buf.length < off + PAGE_HEADER + M.end) return `page ${page} (meta) is missing`;
  const m = off + PAGE_HEADER;
  if ((buf.readUInt16LE(off + 18) & P_META) === 0 || buf.readUInt32LE(m + M.magic) !== MAGIC) return `page ${page} is not an LMDB meta page (overwritten)`;
  const version = buf.readUInt32LE(m + M.version) & 0xffff;
  if (version !== DATA_VERSION) return `page ${page} has data version ${version}, not ${DATA_VERSION}`;
  const pageSize = buf.readUInt32LE(m + M.pageSize);
  if (pageSize < 512 || pageSize > 65536 || (pageSize & (pageSize - 1)) !== 0) return `page ${page} gives an impossible page size ${pageSize}`;
  return { pageSize, mainRoot: buf.readBigUInt64LE(m + M.mainRoot), freeRoot: buf.readBigUInt64LE(m + M.freeRoot), lastPage: buf.readBigUInt64LE(m + M.lastPage), txnId: buf.readBigUInt64LE(m + M.txnId) };
}

/** A file's length now (0 when it cannot be read). */
function lengthNow(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

/** Reads up to `n` bytes from the start of a file. */
function head(file: string, n: number): Buffer {
  const fd = openSync(file, 'r');
  try {
    const buf = Buffer.alloc(n);
    return buf.subarray(0, readSync(fd, buf, 0, n, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks the two meta pages of an LMDB data file of `size` bytes: both present and stamped as
 * meta pages, one page size, and the file long enough for the newest commit's last page and roots.
 * An empty file (0 bytes) is a new environment and passes.
 */
export function checkMetaPages(file: string, size: number): MetaCheck {
  if (size === 0) return { ok: true, pageSize: 0, lastPage: 0, txnId: 0 };
  const buf = head(file, Math.min(size, 2 * 65536));
  const m0 = metaAt(buf, 0, 0);
  if (typeof m0 === 'string') return { ok: false, reason: m0 };
  const ps = m0.pageSize;
  if (size < 2 * ps) return { ok: false, reason: `truncated: ${size} bytes, less than its two ${ps}-byte meta pages` };
  const m1 = metaAt(buf, ps, 1);
  if (typeof m1 === 'string') return { ok: false, reason: m1 };
  if (m1.pageSize !== ps) return { ok: false, reason: `its meta pages disagree on the page size (${ps}, ${m1.pageSize})` };
  const newest = m1.txnId > m0.txnId ? m1 : m0;
  // a daemon writing beside the reader may commit (and grow the file) between the caller's stat and
  // the read of the meta pages: the file's length now, never less than then (a file in use only grows)
  const length = Math.max(size, lengthNow(file));
  const pages = BigInt(Math.floor(length / ps));
  if (newest.lastPage + 1n > pages) return { ok: false, reason: `truncated: ${length} bytes, its last commit uses ${(newest.lastPage + 1n) * BigInt(ps)}` };
  for (const root of [newest.mainRoot, newest.freeRoot]) {
    if (root !== NO_PAGE && root >= pages) return { ok: false, reason: `a database root (page ${root}) lies past the end of the file` };
  }
  return { ok: true, pageSize: ps, lastPage: Number(newest.lastPage), txnId: Number(newest.txnId) };
}
