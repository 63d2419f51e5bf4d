// The reactors (run executor, proposal applier, notifier) and the scheduler.
import { listEnabledSchedules } from '../queries/org-config.query.js';
import { createProposalApplier, createProposalApplierReactor } from '../reactors/proposal-applier.reactor.js';
import { createNotifierReactor } from '../reactors/notifier.reactor.js';
import { createReactorRunner } from '../reactors/reactor-runner.js';
import { createRunExecutorReactor } from '../reactors/run-executor.reactor.js';
import { createScheduler } from '../reactors/scheduler.js';
import type { SharedCommands } from './commands.js';
import type { Infrastructure } from './infrastructure.js';
import { createConfiguredNotifier } from './notification-channels.js';
import { meterConsumers, reactorConsumers } from './telemetry.js';

export interface Workers {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createWorkers(infra: Infrastructure, shared: SharedCommands): Workers {
  const { store, log } = infra;
  const { boards, runProcessor, now } = shared;
  const reactorList = [
    createRunExecutorReactor(runProcessor),
    createProposalApplierReactor(createProposalApplier({ store, boards: boards.providers, now })),
    createNotifierReactor(createConfiguredNotifier(infra, boards.notifications, now)),
  ];
  const reactors = createReactorRunner({
    store,
    db: infra.db,
    concurrency: infra.config.REACTOR_CONCURRENCY,
    maxAttempts: infra.config.PROJECTION_MAX_ATTEMPTS,
    reactors: reactorList,
    log: log.child({ component: 'reactors' }),
  });
  const scheduler = createScheduler({
    listSchedules: () => listEnabledSchedules(infra.db.knex),
    runCommands: shared.runCommands,
    now,
    log: log.child({ component: 'scheduler' }),
  });
  return {
    async start() {
      // The process that runs the reactors reports their backlog (docs/observability.md).
      meterConsumers(infra, reactorConsumers(reactorList));
      await reactors.start();
      scheduler.start();
    },
    async stop() {
      await scheduler.stop();
      await reactors.stop();
    },
  };
}
