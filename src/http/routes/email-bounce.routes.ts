// POST /api/webhooks/email-bounce: SES bounce and complaint feedback delivered by SNS over HTTPS.
// Public in the permission table: the caller is authenticated by SNS's own signature, verified
// by our verifier (src/adapters/sns/sns-verifier.ts), on the body we parse ourselves (SNS posts
// JSON as text/plain).
//
// A Notification, once verified:
//   1. refused when older than the replay ledger's age bound (a replay could have been pruned);
//   2. answered `duplicate` when its MessageId is in the ledger — nothing changes;
//   3. recorded: each recipient of a Permanent/Undetermined bounce or of a complaint becomes an
//      EmailSuppressed event (transient bounces are acknowledged, not suppressed);
//   4. then its MessageId enters the ledger. Only then: a failure before leaves SNS's retry free to
//      record it, and a replay racing its original appends nothing new (deterministic event ids).
// SNS retries on 5xx; every outcome that must not be retried answers 2xx.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { ReplayLedger } from '../../adapters/sns/sns-replay-ledger.js';
import { parseSnsMessage, SnsMessageError, type SnsMessage } from '../../adapters/sns/sns-message.js';
import { SnsVerificationError, type SnsVerifier } from '../../adapters/sns/sns-verifier.js';
import { parseSesFeedback } from '../../adapters/sns/ses-notification.js';
import type { SuppressionCommands } from '../../commands/suppression.commands.js';
import { DetailErrorSchema } from '../schemas/common.schemas.js';
import { BounceAckSchema, type BounceAck } from '../schemas/suppressions.schemas.js';
import { traceOf } from '../request-context.js';

export interface EmailBounceRouteDeps {
  verifier: SnsVerifier;
  ledger: ReplayLedger;
  commands: SuppressionCommands;
  now: () => Date;
}

// SNS messages are at most 256 KiB; the envelope and JSON escaping of Message add to that.
const MAX_BODY = 1024 * 1024;

export const emailBounceRoutes: FastifyPluginAsyncTypebox<EmailBounceRouteDeps> = async (app, deps) => {
  // This plugin's scope only: the raw body as text, whatever the content type (SNS says text/plain).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BODY }, (_request, body, done) => done(null, body));

  async function notification(message: SnsMessage, requestId: string, trace: { traceparent?: string }): Promise<BounceAck> {
    const messageId = message.MessageId;
    const sent = Date.parse(message.Timestamp);
    if (Number.isNaN(sent)) throw new SnsMessageError('The SNS Timestamp is not a date');
    if (deps.now().getTime() - sent > deps.ledger.maxAgeMs) {
      throw new SnsMessageError('The notification is older than the replay window and is not accepted');
    }
    if (await deps.ledger.has(messageId)) return { status: 'duplicate', message_id: messageId };

    const parsed = parseSesFeedback(message.Message);
    const ignore = async (reason: string): Promise<BounceAck> => {
      const first = await deps.ledger.record(messageId);
      return first ? { status: 'ignored', message_id: messageId, reason } : { status: 'duplicate', message_id: messageId };
    };
    if (!parsed.ok) return ignore(parsed.reason);
    const { feedback } = parsed;
    // A soft bounce (mailbox full, temporarily refused) says nothing lasting about the address.
    if (feedback.kind === 'bounce' && feedback.type === 'Transient') return ignore('transient bounces are not suppressed');
    const result = await deps.commands.record(
      {
        reason: feedback.kind,
        kindType: feedback.type,
        subType: feedback.subType,
        recipients: feedback.recipients,
        sourceMessageId: messageId,
        at: new Date(feedback.at ?? sent),
      },
      { user_id: 'sns', correlation_id: messageId.replace(/[^A-Za-z0-9._:-]/g, '').slice(0, 128) || requestId, request_id: requestId, ...trace },
    );
    const first = await deps.ledger.record(messageId);
    return first ? { status: 'recorded', message_id: messageId, suppressed: result.events.length } : { status: 'duplicate', message_id: messageId };
  }

  app.post(
    '/api/webhooks/email-bounce',
    {
      // SNS does not retry a 4xx: a 429 would lose the bounce. The cost of a request is bounded
      // without the limiter: body ≤ 1 MB, no fetch for a URL off the SNS rule, cached certificates.
      config: { public: true, rateLimitExempt: true },
      schema: {
        tags: ['email'],
        summary: 'Receive SES bounce and complaint notifications from SNS (signature-verified)',
        response: { 200: BounceAckSchema, 400: DetailErrorSchema, 403: DetailErrorSchema, 503: DetailErrorSchema },
      },
    },
    async (request, reply: FastifyReply) => {
      const header = request.headers['x-amz-sns-message-type'];
      try {
        const message = parseSnsMessage(typeof request.body === 'string' ? request.body : '');
        await deps.verifier.verify(message, typeof header === 'string' ? header : undefined);
        if (message.Type === 'SubscriptionConfirmation') {
          await deps.verifier.confirmSubscription(message);
          request.log.info({ topic: message.TopicArn }, 'SNS subscription confirmed');
          return { status: 'confirmed', message_id: message.MessageId };
        }
        if (message.Type === 'UnsubscribeConfirmation') {
          // Not visited: visiting its SubscribeURL would subscribe us again.
          request.log.warn({ topic: message.TopicArn }, 'SNS subscription ended');
          return { status: 'acknowledged', message_id: message.MessageId };
        }
        return await notification(message, request.id, traceOf(request));
      } catch (err) {
        if (err instanceof SnsMessageError) return reply.code(400).send({ detail: err.message });
        if (err instanceof SnsVerificationError) {
          request.log.warn({ reason: err.message }, 'SNS message refused');
          return reply.code(err.status).send({ detail: err.message });
        }
        throw err;
      }
    },
  );
};
