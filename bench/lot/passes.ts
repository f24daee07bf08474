/**
 * Truth of the ten-pass parking-lot recording (bench/lot/make-lot-recordings.sh): the script's
 * edit list, 6 s of empty lot before each pass of 41 frames at 12 fps (the fifth slowed 1.5x).
 */

/** Seconds of one pass. */
const PASS = 41 / 12;

/** [start, end] of each pass, seconds into the recording. */
export const LOT_PASSES: readonly (readonly [number, number])[] = Array.from({ length: 10 }, (_, k) => {
  const start = k < 5 ? 6 + (6 + PASS) * k : 6 + (6 + PASS) * 4 + 1.5 * PASS + 6 + (6 + PASS) * (k - 5);
  return [start, start + (k === 4 ? 1.5 * PASS : PASS)] as const;
});

/** [start, end] of the two passes of the turned recording (10 s of empty lot, the pass at half speed, 40 s empty, the pass, 20 s empty). */
export const LOT_TURNED_PASSES: readonly (readonly [number, number])[] = [
  [10, 10 + 2 * PASS],
  [50 + 2 * PASS, 50 + 3 * PASS],
];
