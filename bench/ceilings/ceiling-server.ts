// The ceilings our HTTP figures are compared with, each a separate process like the real server:
//   insert — Fastify answering each POST with one durable single-row INSERT (same pool size as the
//            server, default durability), the most a command could cost if it did nothing else;
//   select1 — Fastify answering each GET with one `SELECT 1`, the most a cached read could cost;
//   sse    — a bare node:http server that writes the same SSE frames to the same clients, the most
//            a fan-out could cost. POST /tick carries the frame's data; GET /stream subscribes.
// Started by bench/ceilings/ceilings.ts; prints "listening <port>" on stdout when ready.
import http from 'node:http';
import Fastify from 'fastify';
import pg from 'pg';

const mode = process.argv[2];
const port = Number(process.argv[3] ?? 0);

/** The server's pool, as the service's: same size; the cluster stopping under idle connections at a run's end is not a crash. */
function ceilingPool(): pg.Pool {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 20) });
  pool.on('error', () => undefined);
  return pool;
}

async function insertCeiling(): Promise<void> {
  const pool = ceilingPool();
  await pool.query('CREATE TABLE IF NOT EXISTS bench_ceiling (id bigserial PRIMARY KEY, run_id text NOT NULL, action_id text NOT NULL, decision text NOT NULL, body jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())');
  const app = Fastify({ logger: false });
  app.post<{ Params: { run: string; action: string; decision: string } }>('/api/runs/:run/actions/:action/:decision', async (request) => {
    const { run, action, decision } = request.params;
    await pool.query({ name: 'ceiling-insert', text: 'INSERT INTO bench_ceiling (run_id, action_id, decision, body) VALUES ($1, $2, $3, $4)', values: [run, action, decision, JSON.stringify(request.body ?? {})] });
    return { id: action, status: decision === 'approve' ? 'approved' : 'rejected' };
  });
  app.addHook('onClose', async () => pool.end());
  const address = await app.listen({ port, host: '127.0.0.1' });
  console.log(`listening ${new URL(address).port}`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

async function select1Ceiling(): Promise<void> {
  const pool = ceilingPool();
  const app = Fastify({ logger: false });
  app.get('/api/runs', async () => {
    const { rows } = await pool.query<{ one: number }>({ name: 'ceiling-select', text: 'SELECT 1 AS one' });
    return { runs: rows, total: rows.length };
  });
  app.addHook('onClose', async () => pool.end());
  const address = await app.listen({ port, host: '127.0.0.1' });
  console.log(`listening ${new URL(address).port}`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

function sseCeiling(): void {
  const clients = new Set<http.ServerResponse>();
  let id = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.startsWith('/api/runs/stream')) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    if (req.method === 'POST' && req.url === '/tick') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        id++;
        // The same frame shape the service writes: id, event name, one JSON data line.
        const frame = `id: ${id}/${id}\nevent: BenchTick\ndata: ${JSON.stringify({ type: 'BenchTick', revision: id, data: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown })}\n\n`;
        for (const c of clients) c.write(frame);
        res.end();
      });
      return;
    }
    res.writeHead(404).end();
  });
  server.listen(port, '127.0.0.1', () => {
    const a = server.address();
    console.log(`listening ${typeof a === 'object' && a ? a.port : port}`);
  });
  process.on('SIGTERM', () => {
    for (const c of clients) c.destroy();
    server.close(() => process.exit(0));
  });
}

if (mode === 'insert') await insertCeiling();
else if (mode === 'select1') await select1Ceiling();
else if (mode === 'sse') sseCeiling();
else {
  console.error('usage: ceiling-server.ts insert|select1|sse [port]');
  process.exit(2);
}
