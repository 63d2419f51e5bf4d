// Writes console/src/api/schema.d.ts from the OpenAPI document of the service built in this
// process (the real routes and schemas, on an embedded PostgreSQL in a temporary directory, with
// the projector and reactors off). Run with `npm run api-types`.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../src/config.js';
import { createService } from '../../src/server.js';
import { API_TYPES_FILE, renderApiTypes } from './api-types.js';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-api-types-'));
// The embedded PostgreSQL runs as the postgres user when this runs as root: it must enter the directory.
await fs.chmod(dataDir, 0o755);
try {
  const config = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PROJECTOR_ENABLED: 'false', REACTORS_ENABLED: 'false' });
  const service = await createService(config, pino({ level: 'silent' }));
  try {
    const res = await service.app.inject({ url: '/api/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
    await fs.writeFile(API_TYPES_FILE, await renderApiTypes(res.json<object>()));
    console.log(`wrote ${API_TYPES_FILE.pathname}`);
  } finally {
    await service.close();
  }
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
