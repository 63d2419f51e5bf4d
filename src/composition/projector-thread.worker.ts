// The projector thread's own side (./projector-thread.ts starts it through bin/thread.js): the
// infrastructure opened again on the database the requests' thread uses, and the projector of every
// read model, whose checkpoints and released projections are posted back as they happen.
import { parentPort, workerData } from 'node:worker_threads';
import type { Position } from '../adapters/event-store.js';
import type { Projector } from '../projections/projector.js';
import { createInfraProjector, createLogger, openInfrastructure, type Infrastructure } from './infrastructure.js';
import { routeProcessOutputToLog } from './process-log.js';
import { meterKnexPool, meterPgPool } from '../adapters/telemetry/pool-metrics.js';
import type { FromProjectorThread, PoolState, ProjectorThreadData, ToProjectorThread } from './projector-thread.protocol.js';

/**
 * The thread's pools, at most: its batches run one transaction at a time per projection, and the
 * requests' thread keeps DB_POOL_SIZE of its own (each projection's lock has a connection apart).
 */
const THREAD_POOL_SIZE = 8;

const port = parentPort;
if (!port) throw new Error('projector-thread.worker runs only as a worker thread (src/composition/projector-thread.ts)');
const { config, databaseUrl } = workerData as ProjectorThreadData;
const log = createLogger(config).child({ thread: 'projector' });
routeProcessOutputToLog(log);
const post = (message: FromProjectorThread) => port.postMessage(message);

let infra: Infrastructure | undefined;
let projector: Projector;
try {
  infra = await openInfrastructure({ ...config, DATABASE_URL: databaseUrl, DB_POOL_SIZE: Math.min(config.DB_POOL_SIZE, THREAD_POOL_SIZE) }, log);
  projector = createInfraProjector(infra, {
    onCommitted: (name: string, position: Position) => post({ type: 'committed', name, position }),
    onReleased: (name: string) => post({ type: 'released', name }),
  });
  await projector.start();
} catch (err) {
  log.error({ err }, 'the projector thread could not start');
  post({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  await infra?.close().catch(() => undefined);
  process.exit(1);
}
const opened = infra;

// The thread's pools, reported by the requests' thread's /metrics under names of their own: read when
// it scrapes, and each wait that reached DB_ACQUIRE_TIMEOUT_MS told as it happens.
const poolReaders: Array<() => void> = [];
let poolStates: PoolState[] = [];
const forwarded = {
  onScrape: (read: () => void) => void poolReaders.push(read),
  setPool: (name: string, state: Omit<PoolState, 'name'>) => void poolStates.push({ name, ...state }),
  recordPoolAcquireTimeout: (pool: string) => post({ type: 'pool-timeout', pool }),
};
meterPgPool(forwarded, 'projections_store', opened.db.pool);
meterKnexPool(forwarded, 'projections_read_models', opened.db.knex);

post({ type: 'started' });

let stopping: Promise<void> | undefined;
port.on('message', (message: ToProjectorThread) => {
  if (message.type === 'stop') {
    stopping ??= (async () => {
      try {
        await projector.stop();
        await opened.close();
      } catch (err) {
        log.error({ err }, 'the projector thread did not stop cleanly');
      }
      // Ends this thread only (a worker's process.exit), whatever timers a library left behind.
      process.exit(0);
    })();
  } else if (message.type === 'pools') {
    poolStates = [];
    for (const read of poolReaders) read();
    post({ type: 'pools', id: message.id, pools: poolStates });
  } else if (message.type === 'status') {
    projector.status().then(
      (rows) => post({ type: 'status', id: message.id, rows }),
      (err: unknown) => post({ type: 'status', id: message.id, error: err instanceof Error ? err.message : String(err) }),
    );
  }
});
