// The API's contract, checked against the real server process (bin/sprintguard.js serve):
// - every route of the specification's route table is in the OpenAPI document the process serves,
//   with the authentication the specification gives it, and the process serves it;
// - every route of that document, walked with invalid values of each of its parameters
//   (test/support/invalid-values.ts) over HTTP, with real path parameters (a run, its action, a
//   proposal, a member, a flag, the caller's organization, a well-formed address) and the system
//   credential where a route takes it, so that no placeholder stops a request before the checks
//   that follow the lookup: no answer is a server error, and every error is in a spec shape.
// Its in-process twin (placeholders, no HTTP) is test/integration/invalid-values.int.test.ts.
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDevToken } from '../../src/adapters/identity/dev-identity.js';
import { createTestDatabaseUrl } from '../support/database.js';
import { describeRequest, operationsOf, problemWith, walkRequests, type OpenApiDoc, type WalkRequest } from '../support/invalid-values.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

/**
 * The specification's route table (every table of its "Endpoints" section), extracted once from the
 * specification and kept here: the test reads nothing outside the repository. `auth` is the
 * specification's: public, bearer (the default), signed (verified by signature, no bearer) or
 * system (X-API-Key); `permission` where the specification names it (role administration).
 */
const SPEC_ROUTES: { route: string; auth?: 'public' | 'signed' | 'system'; permission?: string }[] = [
  // Health and identity
  { route: 'GET /api/health', auth: 'public' },
  { route: 'GET /api/readiness', auth: 'public' },
  { route: 'GET /api/status' },
  { route: 'GET /api/user/me' },
  { route: 'GET /api/user/plan' },
  { route: 'GET /api/rbac/me', permission: 'app:read' },
  // Runs, metrics, exports
  { route: 'GET /api/runs' },
  { route: 'GET /api/projects' },
  { route: 'GET /api/runs/next-task' },
  { route: 'GET /api/runs/{run_id}' },
  { route: 'GET /api/runs/{run_id}/actions' },
  { route: 'POST /api/runs/trigger' },
  { route: 'POST /api/runs/{run_id}/confirm' },
  { route: 'GET /api/runs/stream' },
  { route: 'GET /api/runs/export' },
  { route: 'GET /api/runs/{run_id}/actions/export' },
  { route: 'GET /api/metrics' },
  { route: 'POST /api/runs/start' },
  { route: 'POST /api/runs/{run_id}/execute' },
  // Approvals and backlog
  { route: 'GET /api/approvals/inbox' },
  { route: 'GET /api/approvals/stats' },
  { route: 'POST /api/runs/{run_id}/actions/{action_id}/approve' },
  { route: 'POST /api/runs/{run_id}/actions/{action_id}/reject' },
  { route: 'POST /api/runs/{run_id}/approve-all' },
  { route: 'POST /api/runs/{run_id}/reject' },
  { route: 'GET /api/backlog-proposals' },
  { route: 'POST /api/backlog-proposals/{proposal_id}/decision' },
  { route: 'POST /api/backlog-proposals/decision' },
  { route: 'POST /api/import/backlog' },
  { route: 'POST /api/meetings/ingest' },
  // Settings, features, billing, chat
  { route: 'GET /api/org/settings' },
  { route: 'PUT /api/org/settings' },
  { route: 'GET /api/settings/integration' },
  { route: 'POST /api/settings/integration' },
  { route: 'POST /api/settings/test-connection' },
  { route: 'GET /api/schedule' },
  { route: 'PUT /api/schedule' },
  { route: 'GET /api/feature-flags' },
  { route: 'PUT /api/feature-flags/{name}' },
  { route: 'POST /api/billing/create-checkout' },
  { route: 'POST /api/billing/portal' },
  { route: 'POST /api/billing/webhook', auth: 'public' },
  { route: 'POST /api/webhooks/chat/{org_id}', auth: 'signed' },
  { route: 'POST /api/webhooks/email-bounce', auth: 'signed' },
  { route: 'GET /api/email/suppressions', auth: 'system' },
  // Role administration
  { route: 'GET /api/rbac/members', permission: 'roles:manage' },
  { route: 'PUT /api/rbac/members/{user_id}', permission: 'roles:manage' },
];

const ORG = 'org_contract';
const SYSTEM_API_KEY = 'contract-system-key-0123456789';
/** Requests in flight at once: enough to keep the walk short, few enough for a 2-core machine. */
const CONCURRENCY = 8;

let service: ServiceProcess;
let jira: JiraStandIn;
let dataDir: string;
let doc: OpenApiDoc;
let token: string;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * One request as written, through node:http (fetch would normalize `..` in the path and refuse
 * some of the walk's bytes). A run stream that opens is closed at once: its 200 is the answer.
 */
function send(method: string, url: string, headers: Record<string, string>, payload?: string): Promise<{ statusCode: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${service.url}${url.startsWith('/') ? '' : '/'}`,
      { method, path: url, agent, headers: { ...headers, ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) } },
      (res) => {
        if (String(res.headers['content-type']).startsWith('text/event-stream')) {
          res.destroy();
          resolve({ statusCode: res.statusCode ?? 0, body: '' });
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer within 15 s: ${method} ${url.slice(0, 120)}`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * GET `url` until `ready` holds (bounded: 10 s), then its body; the last body otherwise. The server
 * here waits at most 200 ms for its read models (READ_YOUR_WRITES_TIMEOUT_MS), which a loaded
 * machine can exceed: the setup reads what it wrote once it is readable.
 */
async function readOnce<T>(url: string, ready: (body: T) => boolean): Promise<T> {
  let res = await call<T>('GET', url);
  for (const until = Date.now() + 10_000; !(res.statusCode === 200 && ready(res.body)) && Date.now() < until; ) {
    await new Promise((r) => setTimeout(r, 50));
    res = await call<T>('GET', url);
  }
  return res.body;
}

async function call<T>(method: string, url: string, body?: unknown): Promise<{ statusCode: number; body: T }> {
  const res = await send(method, url, { authorization: `Bearer ${token}` }, body === undefined ? undefined : JSON.stringify(body));
  return { statusCode: res.statusCode, body: (res.body ? JSON.parse(res.body) : undefined) as T };
}

beforeAll(async () => {
  jira = await startJiraStandIn();
  jira.seedIssue({ key: 'WLK-1', summary: 'Needs a priority', assignee: jira.users[0]!, estimate: 2 });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-contract-'));
  const env = cleanEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: await createTestDatabaseUrl('api_contract'),
    LOG_LEVEL: 'warn',
    SYSTEM_API_KEY,
    REACTORS_ENABLED: 'false',
    RATE_LIMIT_READS_PER_MINUTE: '1000000',
    RATE_LIMIT_WRITES_PER_MINUTE: '1000000',
    READ_YOUR_WRITES_TIMEOUT_MS: '200',
  });
  service = await startService({ env, port: await freePort() });
  token = await signDevToken(dataDir, { orgId: ORG, userId: 'ada', admin: true });
  doc = JSON.parse((await send('GET', '/api/openapi.json', {})).body) as OpenApiDoc;
}, 60_000);

afterAll(async () => {
  agent.destroy();
  await service?.stop('SIGTERM');
  await jira?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe("the specification's route table", () => {
  it('has every route in the OpenAPI document, with its authentication, served by the process', async () => {
    const missing: string[] = [];
    const wrong: string[] = [];
    for (const { route, auth, permission } of SPEC_ROUTES) {
      const [method, specPath] = route.split(' ') as [string, string];
      const op = doc.paths[specPath]?.[method.toLowerCase()] as ({ security?: Record<string, string[]>[]; 'x-required-permission'?: string } & object) | undefined;
      if (!op) {
        missing.push(route);
        continue;
      }
      const schemes = (op.security ?? []).flatMap((s) => Object.keys(s));
      const expected = auth === 'system' ? ['systemApiKey'] : auth === 'public' || auth === 'signed' ? [] : ['bearerAuth'];
      if (JSON.stringify(schemes) !== JSON.stringify(expected)) wrong.push(`${route}: security ${JSON.stringify(schemes)}, the specification says ${auth ?? 'bearer'}`);
      if (permission && op['x-required-permission'] !== permission) wrong.push(`${route}: permission ${op['x-required-permission']}, the specification says ${permission}`);
      // Served: without credentials a protected route answers 401 {error}; no route answers the
      // not-found handler's "No route".
      const res = await send(method, specPath.replace(/\{[^}]+\}/g, 'x1'), {}, method === 'GET' ? undefined : '{}');
      if (/^\{"detail":"No route /.test(res.body)) wrong.push(`${route}: not served (${res.body})`);
      else if (!auth || auth === 'system') {
        if (res.statusCode !== 401 || typeof (JSON.parse(res.body) as { error?: unknown }).error !== 'string') wrong.push(`${route}: without credentials ${res.statusCode} ${res.body.slice(0, 100)}`);
      } else if (res.statusCode === 401 && auth === 'public') wrong.push(`${route}: public, but answered 401`);
    }
    expect(missing).toEqual([]);
    expect(wrong).toEqual([]);
  });
});

describe('invalid values on every route of the OpenAPI document, over HTTP with real path parameters', () => {
  it('never answer a server error, and answer errors in the spec shapes', async () => {
    // Real resources for the path parameters.
    expect((await call('POST', '/api/settings/integration', { board_type: 'jira', base_url: jira.url, email: jira.email, api_token: jira.token, project_keys: ['WLK'] })).statusCode).toBe(200);
    expect((await call('PUT', '/api/org/settings', { write_mode: 'approval', confirmation_threshold: 10 })).statusCode).toBe(200);
    const run = await call<{ id: string; status: string }>('POST', '/api/runs/trigger', { board_type: 'jira', project_key: 'WLK', cycles: ['T'] });
    // 202 when the runs read model lags past READ_YOUR_WRITES_TIMEOUT_MS (200 ms here, on a loaded
    // machine): the run is recorded, and readable at its Location shortly (docs/api-behaviour.md).
    expect([201, 202], JSON.stringify(run.body)).toContain(run.statusCode);
    expect((await readOnce<{ status?: string }>(`/api/runs/${run.body.id}`, (r) => r.status !== 'planning')).status).toBe('awaiting_approval');
    const actions = { body: await readOnce<{ id: string }[]>(`/api/runs/${run.body.id}/actions`, (a) => a.length > 0) };
    expect(actions.body.length).toBeGreaterThan(0);
    expect((await call('POST', '/api/import/backlog', { board_type: 'jira', project_key: 'WLK', items: [{ title: 'Walk the routes' }] })).statusCode).toBeLessThan(300);
    const proposals = { body: await readOnce<{ id: string }[]>('/api/backlog-proposals', (p) => p.length > 0) };
    expect(proposals.body.length).toBe(1);
    expect((await call('PUT', '/api/rbac/members/bob', { role: 'approver' })).statusCode).toBe(200);
    const real: Record<string, string> = {
      run_id: run.body.id,
      action_id: actions.body[0]!.id,
      proposal_id: proposals.body[0]!.id,
      user_id: 'bob',
      name: 'meeting_ingest',
      org_id: ORG,
      email: 'bounced@example.com',
    };

    const requests: WalkRequest[] = operationsOf(doc).flatMap(({ method, path: p, op }) =>
      walkRequests(doc, method, p, op, (name) => {
        const value = real[name];
        if (value === undefined) throw new Error(`no real value for the path parameter ${name} (${method} ${p})`);
        return encodeURIComponent(value);
      }),
    );
    const problems: string[] = [];
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) {
          const r = requests[next++]!;
          const credentials: Record<string, string> = r.url.startsWith('/api/email/suppressions') ? { 'x-api-key': SYSTEM_API_KEY } : { authorization: `Bearer ${token}` };
          try {
            const res = await send(r.method, r.url, { ...credentials, ...r.headers }, r.payload);
            const problem = problemWith(describeRequest(r), res);
            if (problem) problems.push(problem);
          } catch (err) {
            problems.push(`${describeRequest(r)} ${JSON.stringify(r.headers).slice(0, 60)} → ${(err as Error).message}`);
          }
        }
      }),
    );
    console.log(`invalid-value walk: ${requests.length} requests over HTTP in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(requests.length).toBeGreaterThan(1_000);
    expect(problems).toEqual([]);
  }, 60_000);
});
