// Giving the event loop a turn, written once: a long stretch of work (laying out a PDF export) or a
// loop that waits for more input (the live projector batch) lets pending I/O callbacks and timers
// run first, so other requests and events are not held up behind it.

/** Resolves on the next turn of the event loop, after the I/O callbacks that are already due. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
