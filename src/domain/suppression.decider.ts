// Decider of the deployment-wide suppression list.
//
// Recording is a fact, not a request: SES saw the bounce or complaint whatever our state, so
// `RecordSuppressions` decides from the command alone (each plausible recipient, once) and its
// handler appends with expected revision `any` — facts from independent SNS messages need not
// conflict, and a burst of them would otherwise retry against each other. Removal depends on the
// state (404 when the address is not suppressed) and is appended at the exact revision it saw.
import type { Decider } from './decider.js';
import { invalid, notFound } from './errors.js';
import { isPlausibleEmail, normalizeEmail, type SuppressionEvent, type SuppressionReason } from './suppression.events.js';

export interface SuppressionState {
  /** Addresses suppressed now (lower-cased). */
  suppressed: ReadonlySet<string>;
}

export type SuppressionCommand =
  | {
      type: 'RecordSuppressions';
      reason: SuppressionReason;
      kindType: string | null;
      subType: string | null;
      recipients: readonly string[];
      sourceMessageId: string;
      at: Date;
    }
  | { type: 'RemoveSuppression'; email: string; now: Date };

/** The events of a RecordSuppressions command; they do not depend on any state (see above). */
export function suppressionsToRecord(command: Extract<SuppressionCommand, { type: 'RecordSuppressions' }>): SuppressionEvent[] {
  const seen = new Set<string>();
  const events: SuppressionEvent[] = [];
  for (const raw of command.recipients) {
    const email = normalizeEmail(raw);
    if (!isPlausibleEmail(email) || seen.has(email)) continue;
    seen.add(email);
    events.push({
      type: 'EmailSuppressed',
      data: { email, reason: command.reason, type: command.kindType, sub_type: command.subType, source_message_id: command.sourceMessageId, at: command.at.toISOString() },
    });
  }
  return events;
}

export const suppressionDecider: Decider<SuppressionState, SuppressionCommand, SuppressionEvent> = {
  initialState: { suppressed: new Set() },
  decide(command, state) {
    if (command.type === 'RecordSuppressions') return suppressionsToRecord(command);
    const email = normalizeEmail(command.email);
    if (!isPlausibleEmail(email)) throw invalid('email must be an e-mail address');
    if (!state.suppressed.has(email)) throw notFound('This address is not suppressed');
    return [{ type: 'EmailSuppressionRemoved', data: { email, at: command.now.toISOString() } }];
  },
  evolve(state, event) {
    // Copy on change only: a repeated bounce of an address already suppressed keeps the state.
    if (event.type === 'EmailSuppressed') {
      if (state.suppressed.has(event.data.email)) return state;
      return { suppressed: new Set(state.suppressed).add(event.data.email) };
    }
    if (event.type === 'EmailSuppressionRemoved') {
      if (!state.suppressed.has(event.data.email)) return state;
      const next = new Set(state.suppressed);
      next.delete(event.data.email);
      return { suppressed: next };
    }
    return state;
  },
};
