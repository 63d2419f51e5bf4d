// `sprintguard serve` with the event store's appends unsealed (./without-chain.ts): the commands
// benchmark's server "with both off" (no chain, no tracing), which it starts with the Node.js flags
// of `npm start` (bench/support.ts startBenchServer). The database must have the unsealed group
// function (installWithoutChain) before it starts. Never a way to run the service.
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/composition/infrastructure.js';
import { routeProcessOutputToLog } from '../src/composition/process-log.js';
import { closeOnSignals, startServer } from '../src/server.js';
import { unsealedContent, withoutChainPool } from './without-chain.js';

const config = loadConfig();
const log = createLogger(config);
routeProcessOutputToLog(log);
const server = await startServer(config, log, { infrastructure: { pgEventStore: { pool: withoutChainPool, encodeContent: unsealedContent } } });
log.info({ url: server.url }, `Sprintguard without the chain listening on ${server.url}`);
closeOnSignals(server, log, config.SHUTDOWN_GRACE_MS);
