// `sprintguard demo`: the service as `serve` runs it (embedded PostgreSQL), in a data directory of its
// own, connected to a local sandbox Jira board seeded with a realistic project, with a first run
// planned and waiting for approval. It prints the console's address signed in as the demo
// organization's administrator (a one-time sign-in link: the code travels in the URL fragment, which
// the browser never sends, and the console removes it from the address bar at once), so a newcomer
// can approve the plan and watch it change the board.
import path from 'node:path';
import { CommanderError, type Command } from 'commander';
import { signDevToken } from '../adapters/identity/dev-identity.js';
import { startJiraSandbox, type JiraSandbox } from '../adapters/boards/sandbox/jira-sandbox.js';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { closeOnSignals, startServer, type RunningServer } from '../server.js';
import { createLogger } from '../composition/infrastructure.js';

export const DEMO_ORG = 'demo';
export const DEMO_ADMIN = 'demo-admin';

/**
 * The demo's configuration: the user's environment minus whatever selects other infrastructure or a
 * real identity provider (the demo signs its own development token), in DATA_DIR/demo so it never
 * touches the data `serve` keeps. Loopback provider URLs are allowed here, in code and for this
 * process only: the sandbox lives on 127.0.0.1; ALLOW_PRIVATE_PROVIDER_URLS is not read.
 */
export function demoConfig(env: NodeJS.ProcessEnv, cwd: string, dataDir?: string): Config {
  const kept: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env)) {
    if (/^(DATABASE_URL|EVENTSTORE_URL|AUTH_|NODE_ENV|ALLOW_PRIVATE_PROVIDER_URLS|STRIPE_|SECRETS_KEY$)/.test(k)) continue;
    kept[k] = v;
  }
  const dir = dataDir ?? path.join(env.DATA_DIR ?? '.sprintguard', 'demo');
  const config = loadConfig({ ...kept, NODE_ENV: 'development', DATA_DIR: dir, PORT: env.PORT ?? '0', LOG_LEVEL: env.LOG_LEVEL ?? 'warn' }, cwd);
  return { ...config, allowPrivateProviderUrls: true };
}

async function call<T>(base: string, token: string, method: string, route: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

interface PlannedRun {
  id: string;
  status: string;
  planned_actions_count: number;
}

/** Connects the demo organization to the sandbox through the API, as a user would, and plans a first run. */
async function prepareDemoOrg(base: string, token: string, sandbox: JiraSandbox): Promise<PlannedRun> {
  await call(base, token, 'POST', '/api/settings/integration', {
    board_type: 'jira',
    base_url: sandbox.url,
    email: sandbox.email,
    api_token: sandbox.token,
    project_keys: [sandbox.projectKey],
  });
  // Approval mode with room for the whole first plan: every action waits for a person.
  await call(base, token, 'PUT', '/api/org/settings', { write_mode: 'approval', action_cap: 25, confirmation_threshold: 25 });
  return call<PlannedRun>(base, token, 'POST', '/api/runs/trigger', { board_type: 'jira', project_key: sandbox.projectKey, cycles: ['T', 'S'] });
}

/** The console's address that signs its opener in as the demo's administrator, once. */
export function consoleSignInUrl(server: RunningServer): string {
  if (!server.signInLinks) throw new Error('the demo runs with the development identity: sign-in links must be available');
  return `${server.url}/app/#sign-in=${server.signInLinks.issue({ orgId: DEMO_ORG, userId: DEMO_ADMIN, admin: true })}`;
}

function banner(server: RunningServer, consoleUrl: string, token: string, sandbox: JiraSandbox, run: PlannedRun): string {
  return [
    '',
    'Sprintguard demo is running.',
    '',
    `  Console:        ${consoleUrl}`,
    `                  (signs you in as "${DEMO_ADMIN}", administrator of the organization "${DEMO_ORG}"; the link works once:`,
    `                  afterwards sign in at ${server.url}/app/ with those names and "Organization admin" ticked)`,
    `  API:            ${server.url}/api/ (reference at ${server.url}/api/docs)`,
    `  API token:      a development token for "${DEMO_ADMIN}" (12 h), for the shell lines below`,
    `  Sandbox board:  ${sandbox.url} (Jira REST v3, project ${sandbox.projectKey}; user ${sandbox.email}, API token ${sandbox.token})`,
    `  Planned run:    ${run.id} is ${run.status} with ${run.planned_actions_count} actions`,
    '',
    'Try it from a shell:',
    `  export TOKEN=${token}`,
    `  curl -H "Authorization: Bearer $TOKEN" ${server.url}/api/runs/${run.id}/actions`,
    `  curl -X POST -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{}' ${server.url}/api/runs/${run.id}/actions/act-1/approve`,
    '',
    'The sandbox board lives in memory: it starts afresh with every `sprintguard demo`. Stop with Ctrl+C.',
    '',
  ].join('\n');
}

export function registerDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('run the service against a local sandbox Jira board with a planned run awaiting approval (data in DATA_DIR/demo)')
    .option('--data-dir <dir>', 'where the demo keeps its database (default: DATA_DIR/demo)')
    .action(async (opts: { dataDir?: string }) => {
      let config: Config;
      try {
        config = demoConfig(process.env, process.cwd(), opts.dataDir);
      } catch (err) {
        if (err instanceof ConfigError) throw new CommanderError(1, 'sprintguard.demo', err.problems.join('; '));
        throw err;
      }
      const log = createLogger(config);
      const started = Date.now();
      const step = (what: string) => process.stdout.write(`[demo ${((Date.now() - started) / 1000).toFixed(1)} s] ${what}\n`);
      const sandbox = await startJiraSandbox();
      step(`sandbox Jira board on ${sandbox.url}; starting the service (embedded PostgreSQL in ${config.dataDir})`);
      let server: RunningServer | undefined;
      try {
        server = await startServer(config, log);
        step(`service on ${server.url}; connecting organization "${DEMO_ORG}" to the sandbox and planning a first run`);
        const token = await signDevToken(config.dataDir, { orgId: DEMO_ORG, userId: DEMO_ADMIN, admin: true, expiresIn: '12h' });
        const run = await prepareDemoOrg(server.url, token, sandbox);
        step('ready');
        process.stdout.write(banner(server, consoleSignInUrl(server), token, sandbox, run));
      } catch (err) {
        await server?.close();
        await sandbox.close();
        throw err;
      }
      const running = server;
      closeOnSignals(
        {
          close: async () => {
            await running.close();
            await sandbox.close();
          },
        },
        log,
        config.SHUTDOWN_GRACE_MS,
      );
    });
}
