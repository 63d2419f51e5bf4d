// The SES feedback inside a Notification's Message (a JSON string): bounce or complaint, in either
// form — identity notifications (`notificationType`) or configuration-set event publishing
// (`eventType`). Parsed leniently (AWS adds fields); only what a suppression needs is kept.
// The SMTP diagnostic text (`diagnosticCode`) is deliberately dropped here: it is never recorded.
// docs.aws.amazon.com/ses/latest/dg/notification-contents.html

export interface SesFeedback {
  kind: 'bounce' | 'complaint';
  /** Bounce: Permanent | Transient | Undetermined. Complaint: the feedback type (abuse…), if any. */
  type: string | null;
  /** Bounce: bounceSubType. Complaint: complaintSubType, if any. */
  subType: string | null;
  recipients: string[];
  /** When SES saw the bounce/complaint (ISO 8601), when given and parseable. */
  at: string | undefined;
}

export type SesParseResult = { ok: true; feedback: SesFeedback } | { ok: false; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max = 64): string | null => (typeof v === 'string' && v.length > 0 ? v.slice(0, max) : null);

function timestamp(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

function addresses(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((r) => (isObject(r) && typeof r.emailAddress === 'string' ? [r.emailAddress] : []));
}

export function parseSesFeedback(messageText: string): SesParseResult {
  let m: unknown;
  try {
    m = JSON.parse(messageText);
  } catch {
    return { ok: false, reason: 'not an SES notification (Message is not JSON)' };
  }
  if (!isObject(m)) return { ok: false, reason: 'not an SES notification' };
  const kind = m.notificationType ?? m.eventType;
  if (kind === 'Bounce' && isObject(m.bounce)) {
    const b = m.bounce;
    return {
      ok: true,
      feedback: { kind: 'bounce', type: text(b.bounceType), subType: text(b.bounceSubType), recipients: addresses(b.bouncedRecipients), at: timestamp(b.timestamp) },
    };
  }
  if (kind === 'Complaint' && isObject(m.complaint)) {
    const c = m.complaint;
    return {
      ok: true,
      feedback: {
        kind: 'complaint',
        type: text(c.complaintFeedbackType),
        subType: text(c.complaintSubType),
        recipients: addresses(c.complainedRecipients),
        at: timestamp(c.timestamp),
      },
    };
  }
  return { ok: false, reason: typeof kind === 'string' ? `${kind.slice(0, 32)} notifications are not recorded` : 'not a bounce or complaint' };
}
