// Shapes of the mail-provider webhook and the suppression feed.
import { Type, type Static } from '@sinclair/typebox';

export const BounceAckSchema = Type.Object({
  /** recorded | duplicate | ignored | confirmed | acknowledged */
  status: Type.String(),
  message_id: Type.Optional(Type.String()),
  suppressed: Type.Optional(Type.Integer()),
  reason: Type.Optional(Type.String()),
});
export type BounceAck = Static<typeof BounceAckSchema>;

export const SuppressionSchema = Type.Object({
  email: Type.String(),
  reason: Type.String({ description: 'bounce or complaint' }),
  type: Type.Union([Type.String(), Type.Null()], { description: 'bounce type (Permanent, Undetermined) or complaint feedback type' }),
  sub_type: Type.Union([Type.String(), Type.Null()]),
  first_suppressed_at: Type.String({ format: 'date-time' }),
  last_suppressed_at: Type.String({ format: 'date-time' }),
  count: Type.Integer({ description: 'suppressions recorded since the address was last suppressed anew' }),
});

/** A suppressed address as the feed shows it (mapped by toSuppressionView). */
export type SuppressionView = Static<typeof SuppressionSchema>;

export const SuppressionListQuerySchema = Type.Object(
  {
    limit: Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'most addresses to return' }),
    offset: Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0, description: 'addresses to skip, for paging' }),
  },
  { additionalProperties: false },
);

export const SuppressionListSchema = Type.Object({
  items: Type.Array(SuppressionSchema),
  total: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
});

export const SuppressionParamsSchema = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$', description: 'the suppressed address', examples: ['ops@example.com'] }),
});
