// What the image runs: `npm run build` compiles dist/, and the compiled `sprintguard serve` starts
// from it (no tsx) and answers /api/health and /api/readiness.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let dir: string;
let service: ServiceProcess | undefined;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-build-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the directory.
  await fs.chmod(dir, 0o755);
});
afterAll(async () => {
  await service?.stop('SIGTERM');
  await fs.rm(dir, { recursive: true, force: true });
});

function run(command: string, args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('the compiled build', () => {
  it('builds dist/ and serves from it', async () => {
    const outDir = path.join(dir, 'app', 'dist');
    const build = await run('npm', ['run', 'build', '--', '--outDir', outDir]);
    expect(build.code, build.output).toBe(0);
    // The compiled files resolve their packages as in the image: node_modules beside dist/.
    await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'app', 'node_modules'));
    await fs.copyFile(path.join(ROOT, 'package.json'), path.join(dir, 'app', 'package.json'));
    await expect(fs.access(path.join(outDir, 'cli', 'main.js'))).resolves.toBeUndefined();

    const dataDir = path.join(dir, 'data');
    service = await startService({
      env: cleanEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
      port: await freePort(),
      argv: [path.join(outDir, 'cli', 'main.js'), 'serve'],
      timeoutMs: 120_000,
    });
    expect((await fetch(`${service.url}/api/health`)).status).toBe(200);
    const deadline = Date.now() + 60_000;
    let ready = 0;
    while (Date.now() < deadline && (ready = (await fetch(`${service.url}/api/readiness`)).status) !== 200) await new Promise((r) => setTimeout(r, 200));
    expect(ready).toBe(200);
    expect(await service.stop('SIGTERM')).toBe(0);
    service = undefined;
  }, 400_000);
});
