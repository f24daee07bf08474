/**
 * G.711 mu-law: 16-bit linear PCM to 8-bit logarithmic samples and back, so the memory keeps
 * each utterance's sound at half the size (16 kB a second at 16 kHz) with the quality telephone
 * speech recognisers are built for. Written from the G.711 definition (bias 0x84, clip 32635).
 */

const BIAS = 0x84;
const CLIP = 32635;

/** Encodes one 16-bit sample. */
export function muLawEncodeSample(sample: number): number {
  let s = Math.max(-CLIP, Math.min(CLIP, Math.trunc(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (sign) s = -s;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** Decodes one mu-law byte. */
export function muLawDecodeSample(byte: number): number {
  const u = ~byte & 0xff;
  const exponent = (u >> 4) & 0x07;
  const magnitude = ((((u & 0x0f) << 3) + BIAS) << exponent) - BIAS;
  return u & 0x80 ? -magnitude : magnitude;
}

/** Encodes PCM samples. */
export function muLawEncode(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = muLawEncodeSample(samples[i] ?? 0);
  return out;
}

/** Decodes mu-law bytes to PCM samples. */
export function muLawDecode(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = muLawDecodeSample(bytes[i] ?? 0xff);
  return out;
}
