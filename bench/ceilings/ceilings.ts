// Starts a ceiling process (bench/ceilings/ceiling-server.ts) and measures PostgreSQL's own COPY, so
// that every benchmark reports its figure beside a ceiling measured in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { serveNodeFlags } from '../support.js';

export interface CeilingServer {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

export async function startCeilingServer(mode: 'insert' | 'select1' | 'sse', env: Record<string, string> = {}): Promise<CeilingServer> {
  const entry = path.resolve(import.meta.dirname, 'ceiling-server.ts');
  // With the server's own Node.js flags: the ceiling's process is tuned as ours is.
  const child = spawn(process.execPath, [...(await serveNodeFlags()), '--import', 'tsx', entry, mode, '0'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`the ${mode} ceiling did not start in 30 s`)), 30_000);
    lines.on('line', (line) => {
      const m = /^listening (\d+)$/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`the ${mode} ceiling exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** `COPY (query) TO STDOUT WITH CSV HEADER` of `query`, read to the end: seconds and bytes. */
export async function copyCeiling(url: string, query: string): Promise<{ seconds: number; bytes: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = performance.now();
    const stream = client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
    let bytes = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) bytes += chunk.length;
    return { seconds: (performance.now() - t0) / 1000, bytes };
  } finally {
    await client.end();
  }
}

export function ratio(ours: number, ceiling: number): number {
  return ceiling > 0 ? Number((ours / ceiling).toFixed(2)) : NaN;
}
