// E-mail suppressions on the deployment-wide `suppressions` stream (docs/email-suppressions.md): no org,
// so the events' metadata carries no org_id. An address is always lower-cased. The SMTP diagnostic
// text of a bounce is never recorded: it can quote the recipient's mail server verbatim, and the
// event store is immutable.
import { Type, type Static } from '@sinclair/typebox';

export const SuppressionReasonSchema = Type.Union([Type.Literal('bounce'), Type.Literal('complaint')]);
export type SuppressionReason = Static<typeof SuppressionReasonSchema>;

export const EmailSuppressedSchema = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320 }),
  reason: SuppressionReasonSchema,
  /** Bounce: Permanent | Undetermined. Complaint: the feedback type (abuse…), or null. */
  type: Type.Union([Type.String(), Type.Null()]),
  /** Bounce: bounceSubType. Complaint: complaintSubType, or null. */
  sub_type: Type.Union([Type.String(), Type.Null()]),
  /** The SNS MessageId that carried the feedback. */
  source_message_id: Type.String(),
  /** When the mail provider saw the bounce or complaint. */
  at: Type.String({ format: 'date-time' }),
});

export const EmailSuppressionRemovedSchema = Type.Object({
  email: Type.String({ minLength: 3, maxLength: 320 }),
  at: Type.String({ format: 'date-time' }),
});

export type SuppressionEvent =
  | { type: 'EmailSuppressed'; data: Static<typeof EmailSuppressedSchema> }
  | { type: 'EmailSuppressionRemoved'; data: Static<typeof EmailSuppressionRemovedSchema> };

export const suppressionEventSchemas = {
  EmailSuppressed: EmailSuppressedSchema,
  EmailSuppressionRemoved: EmailSuppressionRemovedSchema,
} as const;

/** The one normalisation of an address: trimmed and lower-cased (suppression matches ignore case). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A plausible mailbox: one @, something on both sides, no spaces or control characters, ≤ 320. */
export function isPlausibleEmail(email: string): boolean {
  return email.length >= 3 && email.length <= 320 && /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u.test(email);
}
