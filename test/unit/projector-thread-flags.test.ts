// The projector thread starts with the process's Node flags but not its preloads (a test's probe of the
// requests' event loop, a loader): src/composition/projector-thread.protocol.ts.
import { describe, expect, it } from 'vitest';
import { threadExecArgv } from '../../src/composition/projector-thread.protocol.js';

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
