// A projector thread's module that dies on purpose (test/integration/projector-thread.int.test.ts):
// each start counts itself in a file of the data directory and tells the requests' thread a `runs`
// checkpoint at commit = that count; the first start then throws, uncaught, as a bug would.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { FromProjectorThread, ProjectorThreadData } from '../../src/composition/projector-thread.protocol.js';

const { config } = workerData as ProjectorThreadData;
const starts = path.join(config.dataDir, 'projector-thread-starts');
fs.appendFileSync(starts, 'x');
const count = fs.readFileSync(starts, 'utf8').length;
const post = (message: FromProjectorThread) => parentPort!.postMessage(message);
post({ type: 'started' });
post({ type: 'committed', name: 'runs', position: { commit: BigInt(count), prepare: 0n } });
if (count === 1) {
  setTimeout(() => {
    throw new Error('the projector thread fails on purpose');
  }, 50);
} else {
  parentPort!.on('message', (message: { type: string }) => {
    if (message.type === 'stop') process.exit(0);
  });
}
