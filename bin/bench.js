#!/usr/bin/env node
// `npm run bench -- [scenario…]`: runs bench/run.ts through tsx.
const { register } = await import('tsx/esm/api');
register();
await import('../bench/run.ts');
