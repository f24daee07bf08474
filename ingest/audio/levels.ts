/**
 * Sound level of 16-bit PCM: RMS and peak in dBFS (0 dBFS is a full-scale square wave; silence
 * is clamped to -120 dBFS so values stay finite and storable).
 */

/** Floor for silence, dBFS. */
export const SILENCE_DBFS = -120;

/** RMS and peak level of samples, dBFS. */
export interface Level {
  rmsDbfs: number;
  peakDbfs: number;
}

const toDb = (x: number): number => (x > 0 ? Math.max(SILENCE_DBFS, 20 * Math.log10(x)) : SILENCE_DBFS);

/** Level of `samples` (signed 16-bit). */
export function levelOf(samples: Int16Array): Level {
  if (samples.length === 0) return { rmsDbfs: SILENCE_DBFS, peakDbfs: SILENCE_DBFS };
  let sum = 0;
  let peak = 0;
  for (const s of samples) {
    const v = s / 32768;
    sum += v * v;
    const a = Math.abs(v);
    if (a > peak) peak = a;
  }
  return { rmsDbfs: round(toDb(Math.sqrt(sum / samples.length))), peakDbfs: round(toDb(peak)) };
}

const round = (x: number): number => Math.round(x * 10) / 10;
