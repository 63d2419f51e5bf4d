// The SSE scenario's publisher, a process of its own (bench/read.bench.ts): the 1,000 SSE clients keep
// the bench process's event loop busy (~0.025 ms of CPU per delivery, 100,000 deliveries a second),
// and a tick published from there waited its turn behind them: an append's result, then its NOTIFY,
// each took the load generator's lag into the measured delay (append p50 25 ms, p99 104 ms, on
// 2026-11-25). The same publisher ticks our server (appends to the store) and the bare ceiling (POST
// /tick), at the same rate: `rate` ticks a second on a fixed schedule.
//   sse-ticker.ts store <database url> <stream> <ticks> <rate>
//   sse-ticker.ts http <base url> <ticks> <rate>
// Prints "ready" once connected, publishes when it reads a line on stdin, exits when done.
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { createPgEventStore } from '../src/adapters/postgres/pg-event-store.js';

const [mode, target, ...rest] = process.argv.slice(2);
const meta = { org_id: 'bench-read', user_id: 'bench', correlation_id: 'bench', causation_id: 'bench' };

async function main(): Promise<void> {
  let publish: (i: number) => Promise<void>;
  let close: () => Promise<void>;
  let ticks: number;
  let rate: number;
  if (mode === 'store') {
    const [stream, n, r] = rest;
    ticks = Number(n);
    rate = Number(r);
    const pool = new pg.Pool({ connectionString: target, max: 2 });
    const store = createPgEventStore({ pool, connectionString: target! });
    await store.headPosition();
    publish = async (i) => {
      await store.append(stream!, [{ type: 'BenchTick', data: { sent_at: Date.now(), i }, metadata: meta }]);
    };
    close = async () => {
      await store.close();
      await pool.end();
    };
  } else if (mode === 'http') {
    const [n, r] = rest;
    ticks = Number(n);
    rate = Number(r);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    publish = (i) =>
      new Promise<void>((resolve, reject) => {
        const req = request(`${target}/tick`, { method: 'POST', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve());
        });
        req.on('error', reject);
        req.end(JSON.stringify({ sent_at: Date.now(), i }));
      });
    close = async () => agent.destroy();
  } else {
    console.error('usage: sse-ticker.ts store <database url> <stream> <ticks> <rate> | http <base url> <ticks> <rate>');
    process.exit(2);
  }
  console.log('ready');
  await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()));
  // On a fixed schedule (tick i at i / rate s), so the rate is `rate` whatever a tick takes (under
  // 1 / rate): a pause of 1 / rate after each tick made it 1 / (tick + pause), ~29/s for appends that
  // took 25 ms.
  const start = performance.now();
  const took: number[] = [];
  for (let i = 0; i < ticks; i++) {
    const t0 = performance.now();
    await publish(i);
    took.push(performance.now() - t0);
    const due = start + ((i + 1) * 1000) / rate;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  await close();
  // How long publishing a tick took (a durable append, or a POST answered): part of every delivery's
  // delay, on stderr beside the bench's own lines.
  took.sort((a, b) => a - b);
  const at = (p: number) => took[Math.min(took.length - 1, Math.floor((p / 100) * took.length))]!.toFixed(1);
  console.error(`  ticker (${mode}): a tick took p50 ${at(50)} ms, p99 ${at(99)} ms, max ${at(100)} ms`);
}

await main();
process.exit(0);
