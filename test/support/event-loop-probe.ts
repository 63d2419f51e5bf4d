// Preloaded into a server process by end-to-end tests (node --import tsx --import <this file>): measures the event loop's
// delay with perf_hooks and, on SIGWINCH (a signal close-with-grace leaves alone), writes one line `EVENT_LOOP {"p99_ms":…,"max_ms":…}` to
// stderr and starts a new measurement. Test-only: production code has no debug hook for it.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 10 });
histogram.enable();
process.on('SIGWINCH', () => {
  const line = { p99_ms: histogram.percentile(99) / 1e6, max_ms: histogram.max / 1e6, count: histogram.count };
  process.stderr.write(`EVENT_LOOP ${JSON.stringify(line)}\n`);
  histogram.reset();
});
