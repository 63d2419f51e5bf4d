// Events of a chat request stream (`chat-<requestKey>`, one stream per delivered request). The
// request key comes from the request's signature (or is random for a bearer caller), so a retried
// delivery lands on the same stream and the decider records it only once (docs/chat.md).

import { Type } from '@sinclair/typebox';

/** What the request asked for: one of the commands, or a free question. */
export type ChatCommandName = 'help' | 'status' | 'next' | 'blocked' | 'question';

/** How the caller proved who it is. */
export type ChatVia = 'signature' | 'bearer';

/** Who produced the answer: the built-in commands, the language model, or the no-model fallback. */
export type ChatAnsweredBy = 'commands' | 'assistant' | 'fallback';

export interface ChatRequestAnsweredData {
  request_key: string;
  org_id: string;
  via: ChatVia;
  /** The chat user named in the request body (signature) or the token's subject (bearer); null when neither. */
  user: string | null;
  channel: string | null;
  question: string;
  command: ChatCommandName;
  /** Project named after the command ("next ENG"), when any. */
  project_key: string | null;
  answered_by: ChatAnsweredBy;
  /** The text sent back. Kept whole (bounded by the route), so a replayed delivery gets the same answer. */
  answer: string;
  at: string;
}

export type ChatEvent = { type: 'ChatRequestAnswered'; data: ChatRequestAnsweredData };

// Runtime schema of the chat event (checked before an append: src/adapters/validating-event-store.ts).
const lits = <T extends string>(...values: T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const NullableText = Type.Union([Type.String(), Type.Null()]);

export const chatEventSchemas = {
  ChatRequestAnswered: Type.Object({
    request_key: Type.String({ minLength: 1 }),
    org_id: Type.String({ minLength: 1 }),
    via: lits<ChatVia>('signature', 'bearer'),
    user: NullableText,
    channel: NullableText,
    question: Type.String(),
    command: lits<ChatCommandName>('help', 'status', 'next', 'blocked', 'question'),
    project_key: NullableText,
    answered_by: lits<ChatAnsweredBy>('commands', 'assistant', 'fallback'),
    answer: Type.String(),
    at: Type.String({ minLength: 1 }),
  }),
} as const satisfies Record<ChatEvent['type'], unknown>;
