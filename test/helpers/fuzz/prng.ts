/**
 * A small seeded PRNG (xorshift128) for the fuzz generators: every input is made from its own
 * generator, seeded from (run seed, interface, input index), so any one input can be rebuilt alone.
 */

/** Mixes a 32-bit value (splitmix-style finaliser). */
function mix32(x: number): number {
  let z = (x + 0x9e3779b9) | 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A 32-bit hash of a string (FNV-1a). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Seeded xorshift128 generator with the helpers the fuzz generators use. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = mix32(seed) || 1;
    this.b = mix32(this.a ^ 0x1234567);
    this.c = mix32(this.b ^ 0x7654321);
    this.d = mix32(this.c ^ 0xdeadbeef);
  }

  /** The generator of one input: `stream` names the interface, `index` the input. */
  static forInput(seed: number, stream: string, index: number): Rng {
    return new Rng(mix32(mix32(seed ^ hashString(stream)) ^ mix32(index + 0x51ed27)));
  }

  /** Next unsigned 32-bit value. */
  next(): number {
    let t = this.d;
    const s = this.a;
    this.d = this.c;
    this.c = this.b;
    this.b = s;
    t ^= t << 11;
    t ^= t >>> 8;
    this.a = (t ^ s ^ (s >>> 19)) >>> 0;
    return this.a;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** An integer in [lo, hi] (inclusive). */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.float() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.float() * xs.length)] as T;
  }

  /** One of weighted choices `[weight, value]`. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((s, [w]) => s + w, 0);
    let r = this.float() * total;
    for (const [w, v] of choices) {
      r -= w;
      if (r < 0) return v;
    }
    return (choices[choices.length - 1] as readonly [number, T])[1];
  }

  /** A length skewed towards small values, at most `max`. */
  size(max: number): number {
    const r = this.float();
    return Math.min(max, Math.floor(Math.pow(r, 3) * (max + 1)));
  }

  /** `n` random bytes. */
  bytes(n: number): Buffer {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) b[i] = this.next() & 0xff;
    return b;
  }
}
