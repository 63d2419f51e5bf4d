// The SSE scenario's publisher, a process of its own (bench/read.bench.ts): the 1,000 SSE clients keep
// the bench process's event loop busy (~0.025 ms of CPU per delivery, 100,000 deliveries a second),
// and a tick published from there waited its turn behind them: an append's result, then its NOTIFY,
// each took the load generator's lag into the measured delay (append p50 25 ms, p99 104 ms, on
// 2026-11-25). The same publisher ticks our server (appends to the store) and the bare ceiling (POST
// /tick), at the same rate: `rate` ticks a second on a fixed schedule.
//   sse-ticker.ts store <database url> <stream> <ticks> <rate>
//   sse-ticker.ts http <base url> <ticks> <rate>
// Prints "ready" once connected, publishes when it reads a line on stdin, exits when done.
import { once } from 'node:events';
import { connect } from 'node:net';
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
    pool.on('error', () => undefined); // an idle connection lost when the cluster stops
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
    // Pipelined on one connection, without waiting for the answers: a POST answered only after the
    // bare server's fan-out held the next tick back whenever that server fell behind, so under
    // overload the bare server was offered fewer ticks a second than ours (whose ticks are appends,
    // never held back by our server's loop): p50 20–31 ms a tick, 33–50 ticks a second, on
    // 2026-11-26. Now both are offered `rate` ticks a second whatever they do with them.
    const url = new URL(`${target}/tick`);
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    await once(socket, 'connect');
    socket.setNoDelay(true);
    // Answers counted by their status lines; the end of the previous chunk is kept, as a line may be split.
    let answered = 0;
    let carry = '';
    socket.on('data', (chunk: Buffer) => {
      const text = carry + chunk.toString('latin1');
      for (let at = text.indexOf('HTTP/1.1 '); at >= 0; at = text.indexOf('HTTP/1.1 ', at + 1)) answered++;
      carry = text.slice(-8);
    });
    publish = async (i) => {
      const body = JSON.stringify({ sent_at: Date.now(), i });
      socket.write(`POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    };
    close = async () => {
      // Every tick answered (the fan-out done) before the caller stops measuring, within 30 s.
      const deadline = Date.now() + 30_000;
      while (answered < ticks && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      socket.destroy();
    };
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
  let late = 0;
  for (let i = 0; i < ticks; i++) {
    const t0 = performance.now();
    await publish(i);
    took.push(performance.now() - t0);
    const due = start + ((i + 1) * 1000) / rate;
    if (performance.now() > due) late++;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  const seconds = (performance.now() - start) / 1000;
  await close();
  // How long publishing a tick took (a durable append, or a POST answered): part of every delivery's
  // delay, on stderr beside the bench's own lines.
  took.sort((a, b) => a - b);
  const at = (p: number) => took[Math.min(took.length - 1, Math.floor((p / 100) * took.length))]!.toFixed(1);
  console.error(`  ticker (${mode}): ${ticks} ticks in ${seconds.toFixed(1)} s (${late} behind schedule); publishing one took p50 ${at(50)} ms, p99 ${at(99)} ms, max ${at(100)} ms`);
}

await main();
process.exit(0);
