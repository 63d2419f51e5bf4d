// A chat integration as the service sees it: signs each request as docs/chat.md describes and
// posts it to the running service. Shared by the chat end-to-end tests.
import pg from 'pg';
import { signChatRequest } from '../../src/http/chat-signature.js';

export interface ChatDelivery {
  url: string;
  init: { method: 'POST'; headers: Record<string, string>; body: string };
}

/** A signed delivery; sending the same object twice is a replay (same timestamp, same signature). */
export function signedDelivery(baseUrl: string, secret: string, orgId: string, body: Record<string, unknown>, timestamp = Math.floor(Date.now() / 1000)): ChatDelivery {
  const raw = JSON.stringify(body);
  const ts = String(timestamp);
  return {
    url: `${baseUrl}/api/webhooks/chat/${orgId}`,
    init: {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-timestamp': ts, 'x-service-signature': signChatRequest(secret, ts, orgId, raw) },
      body: raw,
    },
  };
}

export async function deliver(delivery: ChatDelivery): Promise<{ status: number; contentType: string | null; text: string }> {
  const res = await fetch(delivery.url, delivery.init);
  return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
}

/** The ChatRequestAnswered events in the PostgreSQL event store, in log order. */
export async function recordedChatEvents(databaseUrl: string): Promise<{ stream_name: string; data: Record<string, unknown> }[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ stream_name: string; data: Record<string, unknown> }>(
      `SELECT stream_name, data FROM es.events WHERE stream_name LIKE 'chat-%' AND event_type = 'ChatRequestAnswered' ORDER BY global_position`,
    );
    return rows;
  } finally {
    await client.end();
  }
}
