#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, so `npm start` needs no build step.
// The built copy (npm run build → dist/) runs instead when SPRINTGUARD_USE_DIST=1, or when tsx (a
// development dependency) is not installed, as in the container image.
import { existsSync } from 'node:fs';

const dist = new URL('../dist/cli/main.js', import.meta.url);
let useDist = process.env.SPRINTGUARD_USE_DIST === '1' && existsSync(dist);
let register;
if (!useDist) {
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND' || !existsSync(dist)) throw err;
    useDist = true;
  }
}
if (useDist) {
  await import(dist.href);
} else {
  register();
  await import('../src/cli/main.ts');
}
