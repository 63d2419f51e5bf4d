// `sprintguard audit run <id> --json` prints exactly what GET /api/runs/{run_id}/history answers
// (same entries, metadata included, bigints as strings), for any organization: an operator tool.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEvents, toAppend } from '../support/run-events.js';
import { cleanEnv, runCommand } from '../support/service-process.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ label: 'audit_cli' });
});
afterAll(async () => t?.close());

describe('sprintguard audit run', () => {
  it('prints the history route’s entries, one JSON object a line', async () => {
    const now = new Date();
    const events = runEvents({ runId: 'audit-1', orgId: 'org_audit', now }, { type: 'ApproveAction', actionId: 'act-2', by: 'ada', now });
    await t.infra.store.append('run-audit-1', toAppend(events, 'org_audit'));

    const http = await t.app.inject({ method: 'GET', url: '/api/runs/audit-1/history', headers: await t.auth({ orgId: 'org_audit', admin: true }) });
    expect(http.statusCode).toBe(200);
    const history = http.json<{ revision: string; metadata: Record<string, unknown> }[]>();
    expect(history).toHaveLength(events.length);
    expect(history[0]!.metadata).toMatchObject({ org_id: 'org_audit', user_id: 'ada' });

    const env = cleanEnv({ DATABASE_URL: t.config.DATABASE_URL!, DATA_DIR: t.config.dataDir, NODE_ENV: 'test' });
    const cli = await runCommand(['audit', 'run', 'audit-1', '--json'], env);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.trim().split('\n').map((l) => JSON.parse(l) as unknown)).toEqual(history);

    const text = await runCommand(['audit', 'run', 'audit-1'], env);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('\n')[0]).toMatch(/^ {3}0 {2}\S+Z {2}RunRequested\s+ada\s+\{/);
    expect(text.stderr).toContain(`${events.length} events`);
  });
});
