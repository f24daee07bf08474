/**
 * The key shape of the memory's LMDB databases. A leaf module: the databases (`dbs.ts`) and the
 * codecs of their values (`event-codec.ts`, `visits.ts`, ...) all import it, and it imports nothing.
 */

/** A composite LMDB key, e.g. `[camera, ts, seq]`. */
export type Key = (string | number)[];
