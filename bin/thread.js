// The entry of the service's worker threads (src/composition/projector-thread.ts). A thread does not
// inherit the loader that bin/sprintguard.js registers, so the sources (.ts) register tsx here first;
// the built copy (dist/, .js) is imported as it is.
import { workerData } from 'node:worker_threads';

const entry = workerData?.entry;
if (typeof entry !== 'string') throw new Error('bin/thread.js: workerData.entry names no module');
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
