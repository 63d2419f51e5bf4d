// Reading vendor answers with a byte cap, against a real local server that streams far more than
// the cap: the read stops at the cap (the server sees the connection go), the error names the limit.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBoundedJson, readBoundedText, readErrorExcerpt, ResponseTooLargeError } from '../../src/adapters/outbound-http/bounded-body.js';
import { BOARD_TEXT_LIMITS, capBoardItem, TRUNCATED_MARKER } from '../../src/adapters/boards/board-text-limits.js';

const TOTAL = 64 * 1024 * 1024;
let server: http.Server;
let url: string;
let sent = 0;

beforeAll(async () => {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  server = http.createServer((req, res) => {
    if (req.url === '/declared') {
      res.writeHead(200, { 'content-length': String(TOTAL) });
      res.write(chunk);
      return;
    }
    if (req.url === '/small') return void res.end('{"ok":true}');
    res.writeHead(200);
    let mine = 0;
    const pump = () => {
      while (mine < TOTAL && !res.destroyed) {
        mine += chunk.length;
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('bounded response bodies', () => {
  it('stops a streamed body past the cap and names the limit', async () => {
    sent = 0;
    const err = await readBoundedText(await fetch(`${url}/stream`), 1024 * 1024, { vendor: 'Jira' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as Error).message).toBe('Jira answered more than 1048576 bytes (the limit of a response); the read was stopped');
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toBeLessThan(TOTAL / 2);
  });

  it('refuses a declared Content-Length over the cap before reading', async () => {
    await expect(readBoundedText(await fetch(`${url}/declared`), 1024)).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('keeps only the start of an error body', async () => {
    const excerpt = await readErrorExcerpt(await fetch(`${url}/stream`), 4_000);
    expect(excerpt).toHaveLength(4_000);
  });

  it('parses a small JSON body', async () => {
    expect(await readBoundedJson(await fetch(`${url}/small`), 1024)).toEqual({ ok: true });
  });
});

describe('board text caps', () => {
  it('cuts long vendor text with a marker, short text untouched', () => {
    const item = capBoardItem({
      id: '1',
      key: 'ENG-1',
      title: 't'.repeat(100_000),
      status: 'To Do',
      statusCategory: 'todo',
      assignee: { id: 'a', name: 'n'.repeat(10_000) },
      estimate: null,
      priority: null,
      labels: Array.from({ length: 500 }, (_, i) => `l${i}`),
      updatedAt: new Date(0).toISOString(),
    });
    expect(item.title).toHaveLength(BOARD_TEXT_LIMITS.title);
    expect(item.title.endsWith(TRUNCATED_MARKER)).toBe(true);
    expect(item.assignee!.name).toHaveLength(BOARD_TEXT_LIMITS.short);
    expect(item.labels).toHaveLength(BOARD_TEXT_LIMITS.labels);
    expect(item.key).toBe('ENG-1');
    expect(JSON.stringify(item).length).toBeLessThan(5_000);
  });
});
