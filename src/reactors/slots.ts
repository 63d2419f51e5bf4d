// A counting semaphore: at most `size` holders at a time, waiters served in arrival order. Used by the
// reactor runner to bound the handlers running at once.
export class Slots {
  private free: number;
  private readonly waiters: (() => void)[] = [];

  constructor(size: number) {
    this.free = Math.max(1, size);
  }

  /** Resolves true with a slot, or false (without one) when `signal` aborts first. */
  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    if (this.free > 0) {
      this.free--;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const onAbort = () => {
        const i = this.waiters.indexOf(grant);
        if (i >= 0) this.waiters.splice(i, 1);
        resolve(false);
      };
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      };
      this.waiters.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Gives a slot back: to the first waiter, else to the pool. */
  release(): void {
    const next = this.waiters.shift();
    if (next) next();
    else this.free++;
  }
}
