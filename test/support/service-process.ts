// Starts the real `sprintguard` process (bin/sprintguard.js) for end-to-end tests.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const BIN = path.resolve(import.meta.dirname, '../../bin/sprintguard.js');

/** The environment of the test process minus anything that would select other infrastructure. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(DATABASE_URL|EVENTSTORE_URL|AUTH_|DATA_DIR|PORT|HOST|NODE_ENV|VITEST|LOG_LEVEL)/.test(k)) continue;
    env[k] = v;
  }
  return { ...env, ...extra };
}

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** What the process wrote on each stream, apart. */
  stdout: () => string;
  stderr: () => string;
  /** Sends the signal and resolves with the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /**
   * SIGINT to the process's whole process group, as a terminal's Ctrl+C sends it to the foreground
   * job (with `ownProcessGroup`), and the exit code.
   */
  interrupt(): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Runs a one-shot command (e.g. `token`) and returns its stdout. */
export async function runCommand(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, stdout, stderr };
}

/**
 * Starts `sprintguard <command>` and waits until GET /api/health answers, or fails after `timeoutMs`.
 * The default, 90 s, is far above the ~3 s a start takes on an idle machine: CI runs two test files
 * at a time on two cores, each with its own server processes beside the shared PostgreSQL, and a start
 * there has taken more than 30 s. It stays under the hooks' 120 s so a failed start still reports its
 * output rather than a hook timeout.
 */
export async function startService(options: {
  env: NodeJS.ProcessEnv;
  port: number;
  command?: string;
  timeoutMs?: number;
  /** Node arguments replacing `bin/sprintguard.js <command>`: a test-only entry script (e.g. sns-service-entry.ts). */
  argv?: string[];
  /** In a process group of its own, which `interrupt()` signals whole. */
  ownProcessGroup?: boolean;
}): Promise<ServiceProcess> {
  const { env, port, command = 'serve', timeoutMs = 90_000 } = options;
  const child = spawn(process.execPath, options.argv ?? [BIN, command], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup === true,
  });
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
    stderr += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let healthy = false;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) {
        healthy = true;
        break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!healthy) {
    child.kill('SIGKILL');
    throw new Error(`service did not become healthy within ${timeoutMs} ms:\n${output}`);
  }
  return {
    url,
    child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    interrupt: async () => {
      if (!options.ownProcessGroup) throw new Error('interrupt() needs a service started with ownProcessGroup');
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGINT');
      return exited;
    },
  };
}
