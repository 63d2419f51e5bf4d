// `sprintguard openapi --out <file>` (npm run openapi:dump): writes the OpenAPI document the service
// serves at /api/openapi.json, for generated clients (the console's API types). The document comes
// from the real app, so it is built as `serve` builds it: on a throwaway embedded PostgreSQL in a
// temporary directory (nothing is read from or written to the user's database or DATA_DIR), with the
// projector and reactors off.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import pino from 'pino';
import { loadConfig } from '../config.js';
import { createService } from '../server.js';

/** The document as JSON text (stable key order: the one the routes are registered in). */
export async function buildOpenApiDocument(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-openapi-'));
  // As root the embedded PostgreSQL runs as `postgres`, which must be able to enter the directory.
  await fs.chmod(dir, 0o755);
  try {
    const config = loadConfig({
      PATH: env.PATH,
      NODE_ENV: 'development',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      PROJECTOR_ENABLED: 'false',
      REACTORS_ENABLED: 'false',
    });
    const service = await createService(config, pino({ level: 'silent' }));
    try {
      await service.app.ready();
      return `${JSON.stringify(service.app.swagger(), null, 2)}\n`;
    } finally {
      await service.close();
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export function registerOpenApiCommand(program: Command): void {
  program
    .command('openapi')
    .description('write the OpenAPI document of the API (as served at /api/openapi.json) to a file or stdout')
    .option('--out <file>', 'file to write (default: stdout)')
    .action(async (opts: { out?: string }) => {
      const document = await buildOpenApiDocument();
      if (opts.out) {
        await fs.writeFile(opts.out, document);
        process.stderr.write(`OpenAPI document written to ${opts.out}\n`);
      } else process.stdout.write(document);
    });
}
