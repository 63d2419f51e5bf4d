// Graceful shutdown: open event streams are ended with a retry hint (clients come back, to this
// instance after its restart or to another), and the service closes cleanly.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.js';

describe('graceful shutdown', () => {
  it('ends SSE streams with a retry hint and closes', async () => {
    const t = await createTestApp({ label: 'shutdown' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const token = await t.token({ orgId: 'org_bye', admin: true });
    const res = await fetch(`${base}/api/runs/stream`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = decoder.decode((await reader.read()).value);
    expect(text).toContain('retry: 2000');

    const closing = t.close();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    await closing;
    expect(text).toMatch(/: server closing\nretry: 1000\n\n$/);
  });
});
