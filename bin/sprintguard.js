#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so `npm start` needs no build step.
// A built copy (npm run build → dist/) is used instead when it exists and SPRINTGUARD_USE_DIST=1.
import { existsSync } from 'node:fs';

const useDist = process.env.SPRINTGUARD_USE_DIST === '1' && existsSync(new URL('../dist/cli/main.js', import.meta.url));
if (useDist) {
  await import('../dist/cli/main.js');
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/cli/main.ts');
}
