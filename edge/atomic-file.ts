/**
 * Atomic replacement of a small state file: the text goes to `<file>.tmp` (fsynced), the version
 * it replaces is kept under another name (a hard link, else a copy, itself put in place by a
 * rename), then the temp file is renamed over the file and the directory is fsynced. A crash at
 * any point leaves either the old file or the new one, never a half-written one.
 */
import { closeSync, copyFileSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes `text` to `path` atomically.
 * @param previous where the version being replaced is kept (null: not kept); nothing is kept
 *   when there was no file
 * @throws on a write error (the old file is then unchanged)
 */
export function writeFileAtomic(path: string, text: string, previous: string | null): void {
  mkdirSync(dirname(path), { recursive: true });
  if (previous !== null && existsSync(path)) keepCopy(path, previous);
  const tmp = `${path}.tmp`;
  const fd = openSync(tmp, 'w', 0o644);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
  syncDir(dirname(path));
}

/** Makes `to` the current content of `from` (a hard link, else a copy), replaced atomically. */
export function keepCopy(from: string, to: string): void {
  const tmp = `${to}.tmp`;
  rmSync(tmp, { force: true });
  try {
    linkSync(from, tmp);
  } catch {
    copyFileSync(from, tmp);
  }
  renameSync(tmp, to);
}

/** fsyncs a directory so that a rename in it is durable (best effort where unsupported). */
export function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // some filesystems refuse fsync on directories
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
