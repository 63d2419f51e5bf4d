// What a projection's leader keeps between its one-statement batches (batch-statement.ts): the rows
// it last read or wrote, least recently used first out, bounded by a weight (rows) so memory stays
// bounded whatever the number of streams. While it holds the lock the leader is the only writer of
// its tables, but for a parked event's retry and a shadow rebuild's swap, which both touch the
// checkpoint's updated_at: `stamp` is that value after our last write, and a batch computed from
// kept rows is written only if it is unchanged. The batch loop drops everything whenever a batch was
// not written by its statement (a refusal, a failure, the transaction path) and on every restart of
// the loop (leadership, retry after an error, rebuild).
// It also remembers the weight of the entries it dropped to make room (a bounded list of keys and
// numbers): a caller deciding what to read and keep can tell that an entry would not fit now, and
// not read it whole only to push out another that the next batch needs (kept-runs.ts).

/** Weights of dropped entries remembered, at most (a key and a number each). */
const DROPPED_REMEMBERED = 10_000;
export class KeptRows<T> {
  /** The checkpoint's updated_at (text) as of the kept rows; undefined when nothing is kept. */
  stamp: string | undefined;
  private readonly entries = new Map<string, { value: T; weight: number }>();
  private weight = 0;
  /** Key → weight of the entries dropped to make room, least recently dropped first. */
  private readonly dropped = new Map<string, number>();

  constructor(readonly maxWeight: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The weight that can still be kept without dropping anything. */
  room(): number {
    return Math.max(0, this.maxWeight - this.weight);
  }

  /** The weight of an entry when it was dropped to make room; undefined if it never was, or is kept again. */
  droppedWeight(key: string): number | undefined {
    return this.dropped.get(key);
  }

  /** The kept value, now the most recently used. */
  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T, weight: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.weight -= old.weight;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, weight });
    this.weight += weight;
    this.dropped.delete(key);
    for (const [oldest, entry] of this.entries) {
      if (this.weight <= this.maxWeight || oldest === key) break;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
      this.remember(oldest, entry.weight);
    }
  }

  private remember(key: string, weight: number): void {
    this.dropped.delete(key);
    this.dropped.set(key, weight);
    if (this.dropped.size > DROPPED_REMEMBERED) this.dropped.delete(this.dropped.keys().next().value!);
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
    this.stamp = undefined;
  }
}
