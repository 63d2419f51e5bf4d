// The connect-time SSRF guard: a name that resolves to a loopback or private address is never
// connected to, whatever the URL looked like when it was saved; a literal private address neither.
// A local server stands for the internal service an attacker would reach; the resolver is the
// test's, so a "public-looking" name can be made to resolve to it (as DNS rebinding would).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../src/adapters/boards/url-policy.js';
import { createPublicOnlyFetch, type ResolveAll } from '../../src/adapters/outbound-http/public-only-fetch.js';
import { createJiraBoard } from '../../src/adapters/boards/jira/jira-board.js';
import { BoardProviderError } from '../../src/adapters/boards/board-provider.js';

let server: http.Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    hits++;
    res.end('{"secret":"internal"}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const resolvesTo = (address: string, family = 4): ResolveAll => (_host, callback) => callback(null, [{ address, family }]);

describe('public-only fetch', () => {
  it('refuses a public-looking name that resolves to a loopback address, before connecting', async () => {
    const guarded = createPublicOnlyFetch({ resolve: resolvesTo('127.0.0.1') });
    const err = await guarded(`http://board.example.com:${port}/`).then(
      () => expect.fail('expected a refusal'),
      (e: unknown) => e as TypeError & { cause?: { code?: string } },
    );
    expect(err.cause?.code).toBe('ENONPUBLIC');
    expect(hits).toBe(0);
  });

  it('refuses when any of the addresses is private, and a literal private address', async () => {
    const mixed: ResolveAll = (_host, callback) => callback(null, [{ address: '93.184.216.34', family: 4 }, { address: '10.0.0.5', family: 4 }]);
    await expect(createPublicOnlyFetch({ resolve: mixed })(`http://board.example.com:${port}/`)).rejects.toThrow();
    await expect(createPublicOnlyFetch()(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    await expect(createPublicOnlyFetch()(`http://[::1]:${port}/`)).rejects.toThrow();
    expect(hits).toBe(0);
  });

  it('gives a board adapter a clear error, never the internal answer', async () => {
    const board = createJiraBoard(
      { board_type: 'jira', base_url: 'https://acme.atlassian.net', email: 'bot@acme.com', api_token: 'tok' },
      { fetch: createPublicOnlyFetch({ resolve: resolvesTo('169.254.169.254') }), maxRetries: 0 },
    );
    const err = await board.testConnection().then(
      () => expect.fail('expected a refusal'),
      (e: unknown) => e as BoardProviderError,
    );
    expect(err).toBeInstanceOf(BoardProviderError);
    expect(err.message).toMatch(/could not be reached \(ENONPUBLIC\)/);
    expect(err.message).not.toContain('tok');
  });

  it('knows which addresses are public', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '::1', 'fc00::1', 'fe80::1', '::ffff:127.0.0.1', '0.0.0.0']) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
    for (const ip of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(ip), ip).toBe(true);
  });
});
