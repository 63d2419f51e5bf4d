// Shapes of POST /api/webhooks/chat/{org_id} (docs/chat.md). The body is read as raw bytes (they
// are signed), so these schemas are applied by the route itself after the signature check, not by
// Fastify's validator.
import { Type, type Static } from '@sinclair/typebox';

/** Longest request text: a chat message, not a document. */
export const MAX_CHAT_TEXT_CHARS = 4_000;
/** Body limit of the route (bytes): the text plus a JSON or form envelope. */
export const CHAT_BODY_LIMIT = 64 * 1024;

export const ChatParamsSchema = Type.Object({
  // No ':' (the separator of the signed bytes): a signature for `acme` over a body starting with ':'
  // must not verify for `acme:`.
  org_id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.-]+$', description: 'Organization the request is for (also inside the signed bytes)', examples: ['acme'] }),
});

const Name = (description: string) => Type.Optional(Type.String({ minLength: 1, maxLength: 200, description }));

export const ChatRequestBodySchema = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: MAX_CHAT_TEXT_CHARS, description: 'A command (help, status, next, blocked) or a free question' }),
    user: Name('Who asked, as the chat product names them (recorded with the event)'),
    channel: Name('Where it was asked (recorded with the event)'),
  },
  { additionalProperties: false },
);
export type ChatRequestBody = Static<typeof ChatRequestBodySchema>;

export const ChatAnswerSchema = Type.String({ description: 'The answer, text/plain' });
