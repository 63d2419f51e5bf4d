// Every README example that calls the API runs, as written, against the real server process: the
// test reads the ```bash blocks that hold a `curl` from README.md, runs them in order in one bash
// (so TOKEN, RUN_ID… carry over) and checks that every call answers 2xx and matches the answer a
// `# {…}` comment shows. What the test substitutes: the server's address for http://127.0.0.1:8080,
// and the environment the README names (DATA_DIR of the server, JIRA_URL/JIRA_EMAIL/JIRA_API_TOKEN
// of a Jira stand-in); the chat example's secret is the server's CHAT_WEBHOOK_SIGNING_SECRET.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../support/database.js';
import { cleanEnv, freePort, startService, type ServiceProcess } from '../support/service-process.js';
import { startJiraStandIn, type JiraStandIn } from '../support/stand-ins/jira-stand-in.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const README_ADDRESS = 'http://127.0.0.1:8080';

/** The bash blocks of the README that call the API, in document order. */
export function readmeApiBlocks(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);
  // The compose section's block needs a Docker engine (none here): its steps are checked by
  // test/integration/deployment-files.int.test.ts instead.
  return blocks.filter((b) => /(^|\n|\$\()\s*curl /.test(b) && !/(^|\n)\s*docker /.test(b));
}

/** The answers the README shows, in `# {…}` comments, each for the last curl before it: [curl index, fields]. */
export function shownAnswers(script: string): [number, Record<string, string | number | boolean>][] {
  const out: [number, Record<string, string | number | boolean>][] = [];
  let curls = 0;
  for (const line of script.split('\n')) {
    curls += (line.match(/(^|\$\(|\s)curl /g) ?? []).length;
    const comment = /#\s*(\{.*\})\s*$/.exec(line);
    if (!comment || curls === 0) continue;
    const fields: Record<string, string | number | boolean> = {};
    for (const m of comment[1]!.matchAll(/"([a-z_]+)":("([^"…]*)"|-?\d+(?:\.\d+)?|true|false)(?=[,}])/g)) {
      fields[m[1]!] = m[3] !== undefined ? m[3] : m[2] === 'true' ? true : m[2] === 'false' ? false : Number(m[2]);
    }
    if (Object.keys(fields).length > 0) out.push([curls - 1, fields]);
  }
  return out;
}

// Every curl: its status and body go to README_LOG (one line each), the body to stdout (for $(…)),
// and a status of 400 or more fails the script (set -e), naming the command.
const PRELUDE = `set -euo pipefail
curl() {
  local out status
  out=$(command curl -sS -w '\\n%{http_code}' "$@")
  status=\${out##*$'\\n'}
  out=\${out%$'\\n'*}
  printf '%s\\t%s\\n' "$status" "$(printf '%s' "$out" | tr '\\n' ' ')" >> "$README_LOG"
  printf '%s\\n' "$out"
  if [ "$status" -ge 400 ]; then echo "README example failed with $status: curl $*" >&2; return 1; fi
}
`;

let service: ServiceProcess;
let jira: JiraStandIn;
let dataDir: string;

beforeAll(async () => {
  jira = await startJiraStandIn();
  jira.seedIssue({ key: 'ENG-1', summary: 'Checkout is slow', assignee: jira.users[0]!, estimate: 2 });
  jira.seedIssue({ key: 'ENG-2', summary: 'Export to CSV', assignee: jira.users[1]!, estimate: 5 });
  // Board writes take a moment, as on a real board: approve-all answers while the run executes.
  jira.setWriteDelay(500);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-readme-'));
  const env = cleanEnv({
    DATA_DIR: dataDir,
    DATABASE_URL: await createTestDatabaseUrl('readme_examples'),
    LOG_LEVEL: 'warn',
    CHAT_WEBHOOK_SIGNING_SECRET: 's3cret',
  });
  service = await startService({ env, port: await freePort() });
});
afterAll(async () => {
  await service?.stop('SIGTERM');
  await jira?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('README examples', () => {
  it('run as written against the real server, every call 2xx and as shown', async () => {
    const readme = await fs.readFile(path.join(ROOT, 'README.md'), 'utf8');
    const blocks = readmeApiBlocks(readme);
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const script = blocks.join('\n').replaceAll(README_ADDRESS, service.url);
    const log = path.join(dataDir, 'readme.log');
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn('bash', ['-c', PRELUDE + script], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), DATA_DIR: dataDir, README_LOG: log, JIRA_URL: jira.url, JIRA_EMAIL: jira.email, JIRA_API_TOKEN: jira.token },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    const calls = (await fs.readFile(log, 'utf8').catch(() => ''))
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => ({ status: Number(line.slice(0, line.indexOf('\t'))), body: line.slice(line.indexOf('\t') + 1) }));
    expect(result.code, `${result.stderr}\n${JSON.stringify(calls, null, 1)}`).toBe(0);
    expect(calls.length).toBe((script.match(/(^|\$\(|\s)curl /gm) ?? []).length);
    for (const call of calls) expect(call.status).toBeLessThan(400);

    const shown = shownAnswers(script);
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const [index, fields] of shown) {
      const body = JSON.parse(calls[index]!.body) as Record<string, unknown>;
      expect(body, `answer ${index}`).toMatchObject(fields);
    }
  }, 180_000);
});
