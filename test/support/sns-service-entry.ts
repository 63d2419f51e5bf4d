// Test-only entry point of the real server process for end-to-end tests of the SNS webhook.
// It does what `sprintguard serve` does (same loadConfig, createLogger, startServer,
// closeOnSignals) and adds one thing production can never get: the SNS verifier's trust (host rule
// and CA) of the test's HTTPS stand-in, read from the JSON file named by argv[2]. bin/sprintguard.js
// and src/cli never read such a file or any variable for it; this file lives under test/ and is not
// in the build (tsconfig.build.json) or the image.
import fs from 'node:fs/promises';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/composition/infrastructure.js';
import { closeOnSignals, startServer } from '../../src/server.js';

interface SnsTestTrust {
  /** The stand-in's host and port: the only SNS host this process will accept. */
  hostname: string;
  port: string;
  /** The stand-in's TLS certificate (PEM): the only CA this process's SNS fetches trust. */
  ca: string;
}

const file = process.argv[2];
if (!file) throw new Error('usage: sns-service-entry.ts <trust.json>');
const trust = JSON.parse(await fs.readFile(file, 'utf8')) as SnsTestTrust;
const config = loadConfig();
const log = createLogger(config);
const server = await startServer(config, log, {
  snsTrust: { hostRule: (url) => url.hostname === trust.hostname && url.port === trust.port, ca: [trust.ca] },
});
log.info({ url: server.url }, `Sprintguard (SNS test entry) listening on ${server.url}`);
closeOnSignals(server, log, config.SHUTDOWN_GRACE_MS);
