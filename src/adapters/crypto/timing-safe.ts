// The one comparison of secrets and signatures. Both sides are hashed first, so the comparison
// takes the same time whatever the inputs' lengths (crypto.timingSafeEqual throws on unequal
// lengths, and an early length check would leak the secret's length).
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string | Uint8Array) => createHash('sha256').update(value).digest();

/** True when `a` and `b` are equal, in time independent of where they differ. */
export function timingSafeEqualText(a: string | Uint8Array, b: string | Uint8Array): boolean {
  return timingSafeEqual(digest(a), digest(b));
}
