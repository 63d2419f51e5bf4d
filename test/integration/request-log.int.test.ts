// Every log line of an authenticated request names its organization and user, the response line
// ("request completed") included; an unauthenticated request's lines do not invent one.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { IdentityVerifier } from '../../src/adapters/identity/identity.js';
import authPlugin from '../../src/http/plugins/auth.js';
import errorsPlugin from '../../src/http/plugins/errors.js';
import requestLogContextPlugin from '../../src/http/plugins/request-log-context.js';
import { RequestLogController } from '../../src/http/request-log.js';

const identity: IdentityVerifier = {
  verify: async () => ({ userId: 'ada', orgId: 'org_logs', orgRole: 'org:member', isOrgAdmin: false }),
  ready: async () => undefined,
};

describe('request log context', () => {
  it('adds org_id and user_id to the handler’s lines and to the response line, all JSON', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink) });
    await app.register(errorsPlugin);
    await app.register(authPlugin, { identity });
    await app.register(requestLogContextPlugin);
    app.get('/private', async (request) => {
      request.log.info('inside the handler');
      return { ok: true };
    });
    app.get('/open', { config: { public: true } }, async () => ({ ok: true }));

    const token = 'aaaa.bbbb.cccc';
    expect((await app.inject({ url: '/private', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/open' })).statusCode).toBe(200);
    await app.close();

    const inside = lines.find((l) => l.msg === 'inside the handler');
    expect(inside).toMatchObject({ org_id: 'org_logs', user_id: 'ada' });
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({ org_id: 'org_logs', user_id: 'ada', res: { statusCode: 200 } });
    expect(completed[1]).not.toHaveProperty('org_id');
  });

  it('writes one line per request, at response time, with route, status, duration, request id and the caller', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, sink), logController: new RequestLogController() });
    await app.register(errorsPlugin);
    await app.register(authPlugin, { identity });
    await app.register(requestLogContextPlugin);
    app.get('/private/:id', async () => ({ ok: true }));
    app.get('/open', { config: { public: true } }, async () => ({ ok: true }));

    const res = await app.inject({ url: '/private/42?token=secret-in-query', headers: { authorization: 'Bearer aaaa.bbbb.cccc' } });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ url: '/open' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/private/43' })).statusCode).toBe(401);
    await app.close();

    // No line before authentication ("incoming request"): one line per request, naming the caller when known.
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    const requestLines = lines.filter((l) => l.msg === 'request completed');
    expect(requestLines).toHaveLength(3);
    expect(requestLines[0]).toMatchObject({
      reqId: expect.any(String),
      org_id: 'org_logs',
      user_id: 'ada',
      route: '/private/:id',
      req: { method: 'GET' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(requestLines[1]).toMatchObject({ route: '/open', res: { statusCode: 200 } });
    expect(requestLines[1]).not.toHaveProperty('org_id');
    expect(requestLines[2]).toMatchObject({ route: '/private/:id', res: { statusCode: 401 } });
    expect(requestLines[2]).not.toHaveProperty('user_id');
  });
});
