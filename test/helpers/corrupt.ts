/**
 * The five corruptions of an LMDB data file that issue 23 names (truncated to half its size,
 * truncated to 4 KB, zeroed, garbage at the head, garbage in the middle), shared by the storage
 * tests; each test says which pages "the middle" is.
 */
import { closeSync, openSync, statSync, truncateSync, writeSync } from 'node:fs';

/** A deterministic filler (the same garbage every run). */
export function garbage(n: number, seed = 7): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 131 + seed) & 255;
  return b;
}

/** Overwrites `buf` into a file at `offset`, in place (never truncated: a reader may have it mapped). */
export function overwrite(file: string, offset: number, buf: Buffer): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, buf, 0, buf.length, offset);
  } finally {
    closeSync(fd);
  }
}

/**
 * The five corruptions, by name.
 * @param middle how "garbage in the middle" damages the file
 */
export function corruptions(middle: (file: string) => void): Record<string, (file: string) => void> {
  return {
    'truncated to half its size': (f) => truncateSync(f, Math.floor(statSync(f).size / 2)),
    'truncated to 4 KB': (f) => truncateSync(f, 4096),
    zeroed: (f) => overwrite(f, 0, Buffer.alloc(statSync(f).size)),
    'garbage at the head': (f) => overwrite(f, 0, garbage(8192)),
    'garbage in the middle': middle,
  };
}
