// The entry of the service's worker threads when it runs from its sources
// (src/composition/projector-thread.ts): a thread does not inherit the loader that bin/sprintguard.js
// registers, so tsx is registered here before the thread's module is imported. The built copy
// (dist/) starts its compiled module directly.
import { workerData } from 'node:worker_threads';

const entry = workerData?.entry;
if (typeof entry !== 'string') throw new Error('bin/thread.js: workerData.entry names no module');
if (entry.endsWith('.ts')) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(entry);
