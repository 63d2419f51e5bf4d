// The run reactor: every event of a run stream means "see whether this run can move on".
import { idOfStream, streamCategories } from '../domain/streams.js';
import type { Reactor } from './reactor.js';
import type { RunProcessor } from './run-processor.js';

/** Events after which a run may have work to do; log lines and outcomes of others need no look. */
const WAKING = new Set(['RunRequested', 'RunExecutionStarted', 'ActionExecuted', 'ActionFailed', 'ActionExecutionStarted']);

export function createRunExecutorReactor(processor: RunProcessor): Reactor {
  return {
    name: 'run_executor',
    filter: { streamPrefixes: [streamCategories.run] },
    async handle(event, signal) {
      if (!WAKING.has(event.type)) return;
      const runId = idOfStream('run', event.streamName);
      if (runId) await processor.reconcile(runId, signal);
    },
  };
}
