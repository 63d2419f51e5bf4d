// The projector thread starts with the process's Node flags but not its preloads (a test's probe of the
// requests' event loop, a loader): src/composition/projector-thread.protocol.ts; nor those a Worker
// refuses (V8's, the process's own), which would otherwise keep `serve` from starting.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { startWorker } from '../../src/composition/projector-thread.js';
import { threadExecArgv, withoutRefusedFlags } from '../../src/composition/projector-thread.protocol.js';

describe('the projector thread\'s Node flags', () => {
  it('drops preloads in both spellings and keeps the rest', () => {
    expect(
      threadExecArgv(['--import', 'tsx', '--cpu-prof', '--import=./probe.ts', '-r', 'x.cjs', '--require=y.cjs', '--max-old-space-size=512', '--experimental-loader', 'l.mjs', '--loader=m.mjs']),
    ).toEqual(['--cpu-prof', '--max-old-space-size=512']);
  });

  it('keeps a process without preloads as it is', () => {
    expect(threadExecArgv(['--cpu-prof', '--cpu-prof-dir=/tmp/p'])).toEqual(['--cpu-prof', '--cpu-prof-dir=/tmp/p']);
    expect(threadExecArgv([])).toEqual([]);
  });
});

describe('flags a Worker refuses', () => {
  it('names the refused ones in the message; without a name it keeps none', () => {
    const flags = ['--cpu-prof', '--cpu-prof-dir=/tmp/p', '--max-old-space-size=512', '--trace-gc'];
    expect(withoutRefusedFlags(flags, 'Initiated Worker with invalid execArgv flags: --max-old-space-size=512, --trace-gc')).toEqual(['--cpu-prof', '--cpu-prof-dir=/tmp/p']);
    expect(withoutRefusedFlags(flags, 'Initiated Worker with invalid execArgv flags: something else')).toEqual([]);
  });

  it('starts the thread without the V8 and process flags Node refuses it, keeping the others', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'thread-flags-'));
    const module = path.join(dir, 'echo.mjs');
    await fs.writeFile(module, "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage(process.execArgv);\n");
    try {
      const worker = startWorker(pathToFileURL(module), undefined, ['--max-old-space-size=512', '--no-warnings', '--trace-gc', '--title=x', '--trace-warnings']);
      const execArgv = await new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      expect(execArgv).toEqual(['--no-warnings', '--trace-warnings']);
      await worker.terminate();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the thread\'s young generation', () => {
  it('is V8\'s default though the process has a larger one (--max-semi-space-size)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'thread-heap-'));
    const module = path.join(dir, 'young.mjs');
    // Enough surviving garbage that the young generation grows to its bound (64 MB under the flag).
    await fs.writeFile(
      module,
      `import { parentPort } from 'node:worker_threads';
import v8 from 'node:v8';
let keep = [];
for (let i = 0; i < 4e6; i++) { keep.push({ i, b: [i] }); if (keep.length > 100000) keep = []; }
parentPort.postMessage(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size / 1048576);
`,
    );
    // As `node --max-semi-space-size=32` would have it for the isolates made from here on.
    v8.setFlagsFromString('--max-semi-space-size=32');
    try {
      const worker = startWorker(pathToFileURL(module), undefined, []);
      const newSpaceMb = await new Promise<number>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      await worker.terminate();
      // V8's default on 64-bit: two halves of at most 16 MB.
      expect(newSpaceMb).toBeGreaterThan(0);
      expect(newSpaceMb).toBeLessThanOrEqual(32);
    } finally {
      v8.setFlagsFromString('--max-semi-space-size=0');
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
