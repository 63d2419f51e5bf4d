// Commands of the suppression list (stream `suppressions`, deployment-wide: no org_id).
//
// Recording appends with expected revision `any` (suppression.decider.ts says why) and with event
// ids derived from (SNS MessageId, address): appending the same message again — a crash between
// the append and the replay ledger, or a replay racing its original — is recognised by the store
// as the same append and adds nothing (EventStore port: "appending the same ids again at the same
// place is idempotent"). Removal is appended at the exact revision it decided on.
import { createHash } from 'node:crypto';
import type { EventStore, Position } from '../adapters/event-store.js';
import { suppressionDecider, type SuppressionCommand, type SuppressionState } from '../domain/suppression.decider.js';
import type { SuppressionEvent } from '../domain/suppression.events.js';
import { suppressionsStreamId } from '../domain/streams.js';
import { handleCommand, type CommandContext, type CommandResult } from './handle-command.js';
import type { StateCache } from './state-cache.js';

// Fixed namespace of the name-based (version 5) event ids below.
const NAMESPACE = Buffer.from('5b0f3c1e8a4d4f6b9c2e7d1a0b3c4d5e', 'hex');

/** A version-5 (SHA-1, name-based) uuid: the same name always gives the same id. */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface SuppressionCommandsDeps {
  store: EventStore;
  now: () => Date;
  cache?: StateCache;
}

export type RecordSuppressionsCommand = Extract<SuppressionCommand, { type: 'RecordSuppressions' }>;

export interface RecordResult {
  events: SuppressionEvent[];
  position: Position | undefined;
}

export function createSuppressionCommands(deps: SuppressionCommandsDeps) {
  const streamId = suppressionsStreamId();
  return {
    async record(command: Omit<RecordSuppressionsCommand, 'type'>, context: CommandContext): Promise<RecordResult> {
      const result = await handleCommand({
        store: deps.store,
        streamId,
        decider: suppressionDecider,
        command: { type: 'RecordSuppressions', ...command },
        context: { ...context, causation_id: command.sourceMessageId },
        expectedRevision: 'any',
        eventId: (e) => nameBasedUuid(`sns:${command.sourceMessageId}:${e.data.email}`),
      });
      return { events: result.events, position: result.position };
    },

    async remove(email: string, context: CommandContext): Promise<CommandResult<SuppressionState, SuppressionEvent>> {
      return handleCommand({
        store: deps.store,
        streamId,
        decider: suppressionDecider,
        command: { type: 'RemoveSuppression', email, now: deps.now() },
        context,
        // A burst of bounces appends meanwhile (with `any`): give the removal room to re-decide.
        maxAttempts: 10,
        ...(deps.cache ? { cache: deps.cache } : {}),
      });
    },
  };
}

export type SuppressionCommands = ReturnType<typeof createSuppressionCommands>;
