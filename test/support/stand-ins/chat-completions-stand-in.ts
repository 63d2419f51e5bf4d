// An OpenAI-compatible POST /v1/chat/completions stand-in (docs/backlog.md, docs/chat.md): real
// HTTP on 127.0.0.1, records requests, and answers with whatever the test queued: a valid structured
// answer, malformed JSON content, a refusal, schema-invalid content, an HTTP error, or a slow answer.
import http from 'node:http';

export type ChatAnswer =
  | { kind: 'content'; content: unknown }
  /** A plain-text answer (free chat questions), sent as message.content unchanged. */
  | { kind: 'text'; text: string }
  | { kind: 'malformed' }
  | { kind: 'refusal'; message?: string }
  | { kind: 'length' }
  | { kind: 'http'; status: number }
  | { kind: 'slow'; ms: number; content: unknown };

export interface RecordedChatRequest {
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict: boolean; schema: unknown } };
  };
}

export async function startChatCompletionsStandIn(options: { apiKey?: string } = {}) {
  const apiKey = options.apiKey ?? 'sk-test-llm';
  const queue: ChatAnswer[] = [];
  let fallback: ChatAnswer = { kind: 'content', content: { items: [], follow_ups: [] } };
  const requests: RecordedChatRequest[] = [];

  const completion = (message: Record<string, unknown>, finish = 'stop') => ({
    id: 'chatcmpl-standin',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'stand-in',
    choices: [{ index: 0, message: { role: 'assistant', refusal: null, ...message }, finish_reason: finish }],
  });

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(404, { error: { message: 'not found' } });
      requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) as RecordedChatRequest['body'] });
      if (req.headers.authorization !== `Bearer ${apiKey}`) return send(401, { error: { message: 'Incorrect API key provided' } });
      const answer = queue.shift() ?? fallback;
      switch (answer.kind) {
        case 'content':
          return send(200, completion({ content: JSON.stringify(answer.content) }));
        case 'text':
          return send(200, completion({ content: answer.text }));
        case 'malformed':
          return send(200, completion({ content: '{"items": [{"title": "Unfinished' }));
        case 'refusal':
          return send(200, completion({ content: null, refusal: answer.message ?? "I'm sorry, I can't help with that." }));
        case 'length':
          return send(200, completion({ content: '{"items": [' }, 'length'));
        case 'http':
          return send(answer.status, { error: { message: 'The server had an error while processing your request.' } });
        case 'slow':
          setTimeout(() => send(200, completion({ content: JSON.stringify(answer.content) })), answer.ms);
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    /** Base URL as LLM_API_URL expects it (…/v1). */
    url: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    /** Answers for the next requests, in order; afterwards `setDefault`'s answer. */
    enqueue: (...answers: ChatAnswer[]) => void queue.push(...answers),
    setDefault: (answer: ChatAnswer) => void (fallback = answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type ChatCompletionsStandIn = Awaited<ReturnType<typeof startChatCompletionsStandIn>>;
