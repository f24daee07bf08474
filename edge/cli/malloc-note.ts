/**
 * glibc's malloc and large buffers. By default glibc serves allocations of 128 KiB and more from
 * their own mappings, but raises that threshold (up to 32 MiB) the first time such a mapping is
 * freed; later frames and large replies then come from the heap, which fragments and is not
 * returned to the system. With `MALLOC_MMAP_THRESHOLD_` set the threshold is fixed: measured with
 * `npm run bench:flood`, the daemon's anonymous memory went back to where it was a minute after the
 * request floods (254 -> 253 MB) where it stayed 25 MB up without it (BENCHMARKS.md). glibc reads
 * the variable once, when the process starts, so the launchers set it: `npm start`, the `vigil`
 * command's shebang, the systemd unit and the container image.
 */

/** The value the launchers set, bytes. */
export const MMAP_THRESHOLD = 131_072;

/**
 * The note to log at start when the variable is missing on Linux (another launcher), or null.
 * @param env the process environment
 * @param platform `process.platform`
 */
export function mallocNote(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | null {
  if (platform !== 'linux' || env.MALLOC_MMAP_THRESHOLD_ !== undefined) return null;
  return `MALLOC_MMAP_THRESHOLD_ is not set: memory freed after large replies may not return to the system; start the daemon with MALLOC_MMAP_THRESHOLD_=${MMAP_THRESHOLD} (npm start, the vigil command and deploy/ do)`;
}
