// The run reactor: every event of a run stream means "see whether this run can move on".
import { idOfStream, streamCategories } from '../domain/streams.js';
import type { Reactor } from './reactor.js';
import type { RunProcessor } from './run-processor.js';

/** Events after which a run may have work to do; log lines and outcomes of others need no look. */
const WAKING = new Set(['RunRequested', 'RunExecutionStarted', 'ActionExecuted', 'ActionFailed', 'ActionExecutionStarted']);

export function createRunExecutorReactor(processor: RunProcessor): Reactor {
  return {
    name: 'run_executor',
    // The store filters by type too, so the many decisions and log lines of a run wake no read here.
    // The names are whole event types; none is the prefix of another run event's type.
    filter: { streamPrefixes: [streamCategories.run], eventTypePrefixes: [...WAKING] },
    async handle(event, signal, traceparent) {
      if (!WAKING.has(event.type)) return;
      const runId = idOfStream('run', event.streamName);
      if (runId) await processor.reconcile(runId, signal, traceparent);
    },
  };
}
