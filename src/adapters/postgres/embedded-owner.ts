// Who owns an embedded PostgreSQL cluster. One process (the owner) starts, supervises and stops the
// cluster; every other process on the same data directory (CLI commands, a second `serve`) reads the
// owner's record and connects to the running cluster. The record sits next to the cluster directory
// (`<dir>.owner.json`, mode 0600 because it holds the superuser password) and names the owner's PID
// and start time, so a record left by a killed owner (or a PID reused by another program) is known
// to be stale. See docs/operations.md.
import { sleep } from '../../lib/retry.js';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';

export interface OwnerRecord {
  pid: number;
  /** The owner's start time as the kernel reports it (Linux), to tell a reused PID from the owner. */
  startTime?: string;
  state: 'starting' | 'ready';
  port: number;
  user: string;
  password: string;
}

export const ownerFile = (dir: string) => `${dir}.owner.json`;
const mutexDir = (dir: string) => `${dir}.owner.lock`;
// A claim holds the mutex for milliseconds; one older than this was left by a process that died holding it.
const STALE_MUTEX_MS = 10_000;

/** Whether a process with this PID exists (EPERM: it exists but belongs to someone else). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The kernel's start time of a process (field 22 of /proc/<pid>/stat), undefined where there is no /proc. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

export function ownerAlive(record: Pick<OwnerRecord, 'pid' | 'startTime'>): boolean {
  if (!Number.isInteger(record.pid) || record.pid <= 0 || !alive(record.pid)) return false;
  const now = processStartTime(record.pid);
  return record.startTime === undefined || now === undefined || now === record.startTime;
}

export async function readOwner(dir: string): Promise<OwnerRecord | undefined> {
  try {
    return JSON.parse(await fs.readFile(ownerFile(dir), 'utf8')) as OwnerRecord;
  } catch {
    return undefined;
  }
}

/** Writes a file readable by this user only, under a temporary name first so no reader sees half of it. */
export async function writePrivateFile(file: string, content: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(tmp, content, { mode: 0o600 });
  await fs.chmod(tmp, 0o600);
  await fs.rename(tmp, file);
}

export async function writeOwner(dir: string, record: OwnerRecord): Promise<void> {
  await writePrivateFile(ownerFile(dir), `${JSON.stringify(record, null, 2)}\n`);
}

/** Removes the owner record if it is this process's (a successor may already have replaced it). */
export async function releaseOwner(dir: string): Promise<void> {
  await withMutex(dir, async () => {
    const record = await readOwner(dir);
    if (record?.pid === process.pid) await fs.rm(ownerFile(dir), { force: true });
  });
}

export type Claim = { kind: 'owner'; record: OwnerRecord } | { kind: 'attach'; record: OwnerRecord } | { kind: 'wait' };

/**
 * Becomes the owner when there is none alive (writing a 'starting' record with `port` and the password
 * `password()` reads or creates, under the same lock), or says whom to connect to; 'wait' while a live
 * owner is still starting its cluster.
 */
export async function claimOwnership(dir: string, port: number, user: string, password: () => Promise<string>): Promise<Claim> {
  return withMutex(dir, async () => {
    const record = await readOwner(dir);
    if (record && record.pid !== process.pid && ownerAlive(record)) {
      return record.state === 'ready' ? { kind: 'attach', record } : { kind: 'wait' };
    }
    if (record?.pid === process.pid && record.state === 'ready') return { kind: 'attach', record };
    const startTime = processStartTime(process.pid);
    const claimed: OwnerRecord = { pid: process.pid, ...(startTime ? { startTime } : {}), state: 'starting', port, user, password: await password() };
    await writeOwner(dir, claimed);
    return { kind: 'owner', record: claimed };
  });
}

/** Serializes claims between processes with an atomic mkdir (Node has no portable file lock). */
async function withMutex<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lock = mutexDir(dir);
  for (let i = 0; ; i++) {
    try {
      await fs.mkdir(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const stat = await fs.stat(lock).catch(() => undefined);
      if (stat && Date.now() - stat.mtimeMs > STALE_MUTEX_MS) await fs.rm(lock, { recursive: true, force: true });
      if (i > 1_000) throw new Error(`${lock} stays locked; remove it if no sprintguard process is starting`, { cause: err });
      await sleep(20);
    }
  }
  try {
    return await fn();
  } finally {
    await fs.rm(lock, { recursive: true, force: true });
  }
}
