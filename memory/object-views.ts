/**
 * Objects' appearance views, kept for re-identification after a restart: `oviews` `objectId` ->
 * the views re-ID kept for the object when its last track ended (see `ReidGrouper.views`). A
 * returning person is first seen in one view (walking in, half out of the frame), which the
 * object's mean embedding does not resemble; the next run seeds re-ID with these views instead.
 *
 * Encoding: `[count u16, dim u16]`, then per view a float32 scale and `dim` int16 values (the
 * view divided by the scale): about 5.5 KB for 8 views of the built-in 340-value embedding, and a
 * similarity changed by less than 1e-4. Kept apart from the object records, which questions read
 * often: these are read once per object at start.
 */
import type { Database } from 'lmdb';

/** Largest count or dimension the header holds. */
const MAX_U16 = 0xffff;

/** Encodes views of one dimension (others are dropped). Empty input: an empty buffer. */
export function encodeViews(views: readonly Float32Array[]): Buffer {
  const dim = views[0]?.length ?? 0;
  const same = views.filter((v) => v.length === dim && dim > 0 && dim <= MAX_U16).slice(0, MAX_U16);
  if (same.length === 0) return Buffer.alloc(0);
  const buf = Buffer.alloc(4 + same.length * (4 + dim * 2));
  buf.writeUInt16LE(same.length, 0);
  buf.writeUInt16LE(dim, 2);
  let at = 4;
  for (const v of same) {
    let top = 0;
    for (const x of v) if (Number.isFinite(x)) top = Math.max(top, Math.abs(x));
    const scale = top > 0 ? top / 32767 : 1;
    buf.writeFloatLE(scale, at);
    at += 4;
    for (const x of v) {
      buf.writeInt16LE(Number.isFinite(x) ? Math.round(x / scale) : 0, at);
      at += 2;
    }
  }
  return buf;
}

/** Decodes {@link encodeViews}' bytes; bytes of another shape decode to no views. */
export function decodeViews(buf: Uint8Array | undefined): Float32Array[] {
  if (!buf || buf.length < 4) return [];
  const b = Buffer.from(buf.buffer, buf.byteOffset, buf.length);
  const count = b.readUInt16LE(0);
  const dim = b.readUInt16LE(2);
  if (dim === 0 || b.length !== 4 + count * (4 + dim * 2)) return [];
  const out: Float32Array[] = [];
  let at = 4;
  for (let i = 0; i < count; i++) {
    const scale = b.readFloatLE(at);
    at += 4;
    const v = new Float32Array(dim);
    for (let j = 0; j < dim; j++, at += 2) v[j] = b.readInt16LE(at) * scale;
    out.push(v);
  }
  return out;
}

/** Keeps an object's views (replacing earlier ones); no views: nothing is written. */
export function putViews(db: Database<Buffer, string>, objectId: string, views: readonly Float32Array[]): Promise<boolean> | undefined {
  const buf = encodeViews(views);
  return buf.length > 0 ? db.put(objectId, buf) : undefined;
}

/** An object's kept views (none when it has none, or the memory predates them). */
export function readViews(db: Database<Buffer, string> | undefined, objectId: string): Float32Array[] {
  return decodeViews(db?.get(objectId));
}
