import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactQuery } from '../../src/http/log-serializers.js';

describe('request log serializer', () => {
  it('keeps the path and the parameter names, never a query value', () => {
    expect(redactQuery('/api/runs')).toBe('/api/runs');
    expect(redactQuery('/api/runs?token=eyJabc.def&limit=10')).toBe('/api/runs?token=[redacted]&limit=[redacted]');
    expect(redactQuery('/api/x?eyJhbGciOiJSUzI1NiJ9')).toBe('/api/x?[redacted]');
  });

  it('keeps a ?token= out of the request log of a refused request', async () => {
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const app = Fastify({ loggerInstance: pino({ level: 'info', serializers: logSerializers }, sink) });
    app.get('/api/secret', async (_req, reply) => reply.code(401).send({ detail: 'Missing bearer token' }));
    const res = await app.inject({ method: 'GET', url: '/api/secret?token=eyJleaked.token.value' });
    await app.close();
    expect(res.statusCode).toBe(401);
    expect(written).toContain('"url":"/api/secret?token=[redacted]"');
    expect(written).not.toContain('eyJleaked');
  });
});
