// The deployment shape of docker-compose.yml: an API process that runs no reactors
// (REACTORS_ENABLED=false) and two `sprintguard worker` processes beside it. The run executor and
// the notifier run in the workers, one instance of each acting: a run in auto mode is executed once
// on the board and its completion is announced once.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { startRunHarness, type RunBody, type RunHarness } from '../support/run-harness.js';
import { startChatWebhooksStandIn, type ChatWebhooksStandIn } from '../support/stand-ins/chat-webhooks-stand-in.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

const BIN = path.resolve(import.meta.dirname, '../../bin/sprintguard.js');

let h: RunHarness;
let jira: JiraStandIn;
let chat: ChatWebhooksStandIn;
let db: Database;
const workers: { child: ChildProcess; output: () => string }[] = [];

function startWorker(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [BIN, 'worker'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  [jira, chat] = await Promise.all([startJiraStandIn(), startChatWebhooksStandIn()]);
  h = await startRunHarness('worker_processes', { REACTORS_ENABLED: 'false' });
  db = createDatabase({ url: h.databaseUrl, poolSize: 1 });
  workers.push(startWorker(h.env), startWorker(h.env));
  const saved = await h.call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['WRK'] });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect((await h.call('PUT', '/api/org/settings', { write_mode: 'auto', action_cap: 25, confirmation_threshold: 10 })).status).toBe(200);
  expect((await h.call('PUT', '/api/settings/notifications', { slack_webhook_url: chat.urls.slack })).status).toBe(200);
});

afterAll(async () => {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((r) => (w.child.exitCode === null ? w.child.on('exit', r) : r(undefined)))));
  await db?.close();
  await h?.close();
  await Promise.all([jira?.close(), chat?.close()]);
});

describe('sprintguard worker beside an API without reactors', () => {
  it('executes a run once on the board and announces its completion once', async () => {
    jira.seedIssue({ key: 'WRK-1', summary: 'Nobody owns this', estimate: 3 });
    const triggered = await h.call<RunBody>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'WRK', cycles: ['T'] });
    expect(triggered.status, JSON.stringify(triggered.body)).toBe(201);
    expect(triggered.body.planned_actions_count).toBeGreaterThan(0);

    // Only a worker can execute it: the API process runs no reactors.
    const run = await h.waitForRun(triggered.body.id, (r) => r.status === 'completed' || r.status === 'failed', undefined, 30_000);
    expect(run).toMatchObject({ status: 'completed', executed_actions_count: triggered.body.planned_actions_count });
    const writes = jira.writes();
    expect(writes.length).toBe(triggered.body.planned_actions_count);

    // The notifier's ledger says the completion was delivered; by then exactly one message arrived.
    await until('the delivery record', async () => {
      const { rows } = await db.pool.query<{ n: string }>(
        "SELECT count(*) AS n FROM notification_deliveries WHERE channel = 'slack' AND kind = 'run_completed' AND status = 'delivered'",
      );
      return Number(rows[0]!.n) === 1 || undefined;
    });
    const completions = chat.received('slack').filter((b) => JSON.stringify(b).includes('Run completed: jira WRK'));
    expect(completions).toHaveLength(1);
    expect(jira.writes()).toHaveLength(writes.length);
    for (const w of workers) expect(w.child.exitCode).toBeNull();
  });
});
