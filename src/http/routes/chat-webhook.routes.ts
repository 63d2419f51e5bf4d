// POST /api/webhooks/chat/{org_id}: answers a chat request (docs/chat.md). Public in the permission
// table: the route authenticates its caller itself, either
// 1. by the HMAC signature over the raw body (src/http/chat-signature.ts), or
// 2. by a bearer token of the same organization holding app:read (the identity verifier and the
//    role resolution the auth and permissions plugins use for other routes).
// The answer is text/plain. Any internal failure answers a generic text (500) with no exception
// detail, logged with the error. Each answered request is recorded once as a ChatRequestAnswered
// event; a retried delivery of a signed request gets the recorded answer again.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { IdentityError, type IdentityVerifier } from '../../adapters/identity/identity.js';
import type { CommandContext } from '../../commands/handle-command.js';
import type { ChatCommands } from '../../commands/chat.commands.js';
import { CHAT_GENERIC_FAILURE } from '../../domain/chat.answers.js';
import type { ChatRequestAnsweredData, ChatVia } from '../../domain/chat.events.js';
import { parseChatRequest } from '../../domain/chat.parse.js';
import { DomainError, invalid, notFound } from '../../domain/errors.js';
import type { ChatAnswerer } from '../chat-answerer.js';
import {
  CHAT_SIGNATURE_HEADER,
  CHAT_TIMESTAMP_HEADER,
  chatRequestKeyFromSignature,
  chatSignatureMessages,
  verifyChatSignature,
} from '../chat-signature.js';
import { MiddlewareError, PermissionDeniedError } from '../plugins/errors.js';
import { resolveAccess, type PermissionsPluginOptions } from '../plugins/permissions.js';
import { CHAT_BODY_LIMIT, ChatAnswerSchema, ChatParamsSchema, ChatRequestBodySchema, type ChatRequestBody } from '../schemas/chat.schemas.js';
import { DetailErrorSchema, MiddlewareErrorSchema, PermissionErrorSchema } from '../schemas/common.schemas.js';
import { traceOf } from '../request-context.js';

export interface ChatWebhookRouteDeps {
  /** CHAT_WEBHOOK_SIGNING_SECRET; undefined refuses every signed request (bearer callers still work). */
  signingSecret: string | undefined;
  maxAgeSeconds: number;
  identity: IdentityVerifier;
  loadMember: PermissionsPluginOptions['loadMember'];
  chat: ChatCommands;
  answerer: ChatAnswerer;
  now: () => Date;
}

const BEARER = /^Bearer ([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]*)$/i;
const CORRELATION = /^[A-Za-z0-9._:-]{1,128}$/;

interface Caller {
  via: ChatVia;
  /** Deduplication key of the request (chat-<key> stream). */
  requestKey: string;
  /** Acting user for the event metadata. */
  userId: string;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

export const chatWebhookRoutes: FastifyPluginAsyncTypebox<ChatWebhookRouteDeps> = async (app, deps) => {
  // Scoped to this plugin: the signature is over the exact bytes received, so the body is kept as
  // a Buffer whatever its content type, and interpreted only after the caller is authenticated.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CHAT_BODY_LIMIT }, (_request, body, done) => done(null, body));

  async function authenticate(request: FastifyRequest, orgId: string, body: Buffer): Promise<Caller> {
    const timestamp = header(request, CHAT_TIMESTAMP_HEADER);
    const signature = header(request, CHAT_SIGNATURE_HEADER);
    if (timestamp !== undefined || signature !== undefined) {
      const result = verifyChatSignature({
        secret: deps.signingSecret,
        timestamp,
        signature,
        orgId,
        body,
        nowSeconds: Math.floor(deps.now().getTime() / 1000),
        maxAgeSeconds: deps.maxAgeSeconds,
      });
      if (!result.ok) {
        request.log.info({ reason: result.reason }, 'chat request refused: signature');
        throw new MiddlewareError(401, chatSignatureMessages[result.reason]);
      }
      return { via: 'signature', requestKey: chatRequestKeyFromSignature(orgId, result.digest), userId: 'chat-webhook' };
    }
    const authorization = header(request, 'authorization');
    if (!authorization) throw new MiddlewareError(401, 'Missing signature (X-Service-Timestamp, X-Service-Signature) or bearer token');
    const match = BEARER.exec(authorization);
    if (!match) throw new MiddlewareError(401, 'Malformed Authorization header; expected Bearer <token>');
    let who;
    try {
      who = await deps.identity.verify(match[1]!);
    } catch (err) {
      if (err instanceof IdentityError) throw new MiddlewareError(401, err.message);
      request.log.error({ err }, 'identity verification failed');
      throw new MiddlewareError(503, 'Identity provider unavailable');
    }
    if (!who.orgId) throw new MiddlewareError(403, 'The token names no organization; select an organization and sign in again');
    // Another organization's webhook is a resource the caller cannot see: 404, as everywhere else.
    if (who.orgId !== orgId) throw notFound('Not found');
    let access;
    try {
      access = await resolveAccess(who, orgId, deps.loadMember);
    } catch (err) {
      request.log.error({ err }, 'role store unavailable');
      throw new MiddlewareError(503, 'Authorization dependencies unavailable');
    }
    if (!access.permissions.includes('app:read')) throw new PermissionDeniedError('app:read', access.role);
    // A bearer caller has no delivery id to retry with: each request is its own.
    return { via: 'bearer', requestKey: `b${randomUUID().replaceAll('-', '')}`, userId: who.userId };
  }

  /** The request text and optional names, from JSON, a form (Slack slash commands) or plain text. */
  function readBody(request: FastifyRequest, body: Buffer): ChatRequestBody {
    const type = (header(request, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    let candidate: unknown;
    if (type === 'application/json') {
      try {
        candidate = JSON.parse(body.toString('utf8'));
      } catch {
        throw invalid('body is not valid JSON');
      }
    } else if (type === 'text/plain') {
      candidate = { text: body.toString('utf8').trim() };
    } else if (type === 'application/x-www-form-urlencoded') {
      const form = new URLSearchParams(body.toString('utf8'));
      const user = form.get('user_name') ?? form.get('user_id');
      const channel = form.get('channel_name') ?? form.get('channel_id');
      candidate = { text: (form.get('text') ?? '').trim(), ...(user ? { user } : {}), ...(channel ? { channel } : {}) };
    } else {
      throw new DomainError('invalid', 'Unsupported content type: send application/json ({"text": …}), text/plain or application/x-www-form-urlencoded');
    }
    if (candidate === null || typeof candidate !== 'object' || Array.isArray(candidate)) throw invalid('body must be a JSON object with the field text');
    const unknown = Object.keys(candidate).find((key) => !(key in ChatRequestBodySchema.properties));
    if (unknown !== undefined) throw invalid(`body has an unknown field '${unknown}'`);
    if ((candidate as { text?: unknown }).text === undefined) throw invalid("body must have the field 'text'");
    if (!Value.Check(ChatRequestBodySchema, candidate)) {
      const first = Value.Errors(ChatRequestBodySchema, candidate).First();
      throw invalid(`body${first?.path ?? ''} ${first?.message.toLowerCase() ?? 'is invalid'}`);
    }
    return candidate;
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, orgId: string, caller: Caller, body: ChatRequestBody) {
    const correlation = header(request, 'x-correlation-id');
    const context: CommandContext = {
      org_id: orgId,
      user_id: caller.userId,
      correlation_id: correlation && CORRELATION.test(correlation) ? correlation : request.id,
      request_id: request.id,
      ...traceOf(request),
    };
    const send = (text: string, status = 200) => reply.code(status).type('text/plain; charset=utf-8').send(text);
    try {
      // A retried delivery: the recorded answer, without asking the board or the model again.
      if (caller.via === 'signature') {
        const recorded = await deps.chat.recorded(caller.requestKey);
        if (recorded) return send(recorded.answer);
      }
      const parsed = parseChatRequest(body.text);
      const produced = await deps.answerer.answer(orgId, parsed, request.traceparent);
      const data: ChatRequestAnsweredData = {
        request_key: caller.requestKey,
        org_id: orgId,
        via: caller.via,
        user: body.user ?? (caller.via === 'bearer' ? caller.userId : null),
        channel: body.channel ?? null,
        question: parsed.text,
        command: parsed.command,
        project_key: parsed.projectKey,
        answered_by: produced.answeredBy,
        answer: produced.text,
        at: deps.now().toISOString(),
      };
      // Concurrent copies of one delivery: the first recording stands, and every copy answers it.
      const { answer: standing } = await deps.chat.record(data, context);
      return send(standing.answer);
    } catch (err) {
      // Not recorded: the sender's retry of this delivery is answered afresh.
      request.log.error({ err, org_id: orgId }, 'chat request failed');
      return send(CHAT_GENERIC_FAILURE, 500);
    }
  }

  app.post(
    '/api/webhooks/chat/:org_id',
    {
      config: { public: true },
      bodyLimit: CHAT_BODY_LIMIT,
      schema: {
        tags: ['chat'],
        summary: 'Answer a chat request (signed with X-Service-Timestamp / X-Service-Signature, or a bearer token of the organization)',
        description:
          'Body: JSON {"text", "user"?, "channel"?}, text/plain (the text itself) or a form with text (Slack slash commands). ' +
          'Signature: X-Service-Signature: v1=hex(HMAC-SHA256(secret, "v1:" + X-Service-Timestamp + ":" + org_id + ":" + raw body)). ' +
          'Answers text/plain; an internal failure answers a generic text with status 500.',
        params: ChatParamsSchema,
        response: {
          200: ChatAnswerSchema,
          400: DetailErrorSchema,
          401: MiddlewareErrorSchema,
          403: Type.Union([PermissionErrorSchema, MiddlewareErrorSchema]),
          404: DetailErrorSchema,
          429: MiddlewareErrorSchema,
          500: ChatAnswerSchema,
          503: MiddlewareErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const orgId = request.params.org_id;
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const caller = await authenticate(request, orgId, body);
      const parsed = readBody(request, body);
      return answer(request, reply, orgId, caller, parsed);
    },
  );
};
