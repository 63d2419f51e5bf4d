// Root `prepare` (runs after `npm install` and `npm ci`): builds the console into console/dist so
// that `npm install && npm start` serves it at /app/. Skipped, saying so, where the build tools are
// not installed (`npm ci --omit=dev`: build the console in a stage that has them) or when
// SPRINTGUARD_SKIP_CONSOLE_BUILD is set.
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (process.env.SPRINTGUARD_SKIP_CONSOLE_BUILD) {
  console.log('console: build skipped (SPRINTGUARD_SKIP_CONSOLE_BUILD)');
  process.exit(0);
}
let vitePath;
try {
  vitePath = createRequire(path.join(root, 'package.json')).resolve('vite');
} catch {
  console.warn('console: vite is not installed (dev dependencies omitted?); /app/ will say the console is not built. Run `npm run build -w console` where it is.');
  process.exit(0);
}
const { build } = await import(vitePath);
await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
console.log('console: built into console/dist');
