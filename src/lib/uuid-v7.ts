// UUID version 7 (RFC 9562, section 5.7): 48 bits of Unix milliseconds, then random bits. Event ids
// are the key of a unique B-tree index in the PostgreSQL store; ids that grow with time are inserted
// at the index's right edge (PostgreSQL's fast path for the rightmost leaf) instead of into a random
// leaf each time, which also keeps the pages an append dirties, and their full-page images in the
// WAL after each checkpoint, few. docs/architecture.md, "Event store", has the measure.
import { randomFillSync } from 'node:crypto';

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** Random bytes drawn 10 at a time from a pool refilled in one call (randomUUID does the same). */
const POOL_IDS = 256;
const pool = Buffer.alloc(10 * POOL_IDS);
let next = POOL_IDS;

/** A new UUIDv7 string (lower case, hyphenated), `ms` its timestamp (default: now). */
export function uuidV7(ms: number = Date.now()): string {
  if (next === POOL_IDS) {
    randomFillSync(pool);
    next = 0;
  }
  const r = next++ * 10;
  // 48-bit timestamp, big-endian: the high 16 bits, then the low 32.
  const high = Math.floor(ms / 0x1_0000_0000);
  const low = ms >>> 0;
  return (
    HEX[(high >>> 8) & 0xff]! +
    HEX[high & 0xff]! +
    HEX[low >>> 24]! +
    HEX[(low >>> 16) & 0xff]! +
    '-' +
    HEX[(low >>> 8) & 0xff]! +
    HEX[low & 0xff]! +
    '-' +
    HEX[0x70 | (pool[r]! & 0x0f)]! +
    HEX[pool[r + 1]!]! +
    '-' +
    HEX[0x80 | (pool[r + 2]! & 0x3f)]! +
    HEX[pool[r + 3]!]! +
    '-' +
    HEX[pool[r + 4]!]! +
    HEX[pool[r + 5]!]! +
    HEX[pool[r + 6]!]! +
    HEX[pool[r + 7]!]! +
    HEX[pool[r + 8]!]! +
    HEX[pool[r + 9]!]!
  );
}
