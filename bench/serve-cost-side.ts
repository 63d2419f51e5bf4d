// `sprintguard serve` for the three servers of the commands benchmark's cost drive (both off, the
// chain, both on: bench/commands.bench.ts, driveTelemetryCost), all started through this one entry
// with the Node.js flags of `npm start` (bench/support.ts startBenchServer), so that they differ
// only in what the drive compares. BENCH_WITHOUT_CHAIN=1 gives the event store the baseline
// without the chain (./without-chain.ts: appends unsealed), whose database must have the unsealed
// group function (installWithoutChain) before it starts. Never a way to run the service.
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/composition/infrastructure.js';
import { routeProcessOutputToLog } from '../src/composition/process-log.js';
import { closeOnSignals, startServer } from '../src/server.js';
import { unsealedContent, withoutChainPool } from './without-chain.js';

const config = loadConfig();
const log = createLogger(config);
routeProcessOutputToLog(log);
const withoutChain = process.env.BENCH_WITHOUT_CHAIN === '1';
const server = await startServer(config, log, withoutChain ? { infrastructure: { pgEventStore: { pool: withoutChainPool, encodeContent: unsealedContent } } } : {});
log.info({ url: server.url, withoutChain }, `Sprintguard (a side of the commands benchmark's cost drive) listening on ${server.url}`);
closeOnSignals(server, log, config.SHUTDOWN_GRACE_MS);
