// Every event type's runtime schema, in one map, and the check made before an append
// (src/adapters/validating-event-store.ts): the data against its type's schema, and no NUL character
// in any string of the data or the metadata (PostgreSQL's jsonb refuses them, EventStoreDB would
// store them, and a projection writing them to a text column would fail on every replay).
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { chatEventSchemas } from './chat.events.js';
import { integrationEventSchemas } from './integration.events.js';
import { meetingEventSchemas } from './meeting.events.js';
import { notificationEventSchemas } from './notification.events.js';
import { orgEventSchemas } from './org.events.js';
import { proposalEventSchemas } from './proposal.events.js';
import { runEventSchemas } from './run.events.js';
import { runClaimEventSchemas } from './run-claim.decider.js';
import { suppressionEventSchemas } from './suppression.events.js';

export const eventSchemas: Readonly<Record<string, TSchema>> = {
  ...orgEventSchemas,
  ...integrationEventSchemas,
  ...notificationEventSchemas,
  ...suppressionEventSchemas,
  ...runEventSchemas,
  ...runClaimEventSchemas,
  ...proposalEventSchemas,
  ...meetingEventSchemas,
  ...chatEventSchemas,
};

// TypeBox's Value.Check knows no string format until it is registered (HTTP validation uses Ajv's).
if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(v) && !Number.isNaN(Date.parse(v)));
if (!FormatRegistry.Has('uuid')) FormatRegistry.Set('uuid', (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v));

/** The path of the first string (or key) holding a NUL character, or undefined. */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '/' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const at = `${path}/${key.split('\u0000').join('\\u0000')}`;
    if (key.includes('\u0000')) return at;
    const found = findNul(inner, at);
    if (found) return found;
  }
  return undefined;
}

/**
 * Why this event must not be appended, naming the field (`data/schedule/days_of_week/0 must be
 * integer`), or undefined when it may be. Types without a schema (none in the service; tests' own
 * streams) get the NUL check only.
 */
export function eventProblem(type: string, data: unknown, metadata?: unknown): string | undefined {
  const nulInData = findNul(data);
  if (nulInData) return `data${nulInData === '/' ? '' : nulInData} must not contain a NUL character (\\u0000)`;
  const nulInMetadata = findNul(metadata);
  if (nulInMetadata) return `metadata${nulInMetadata === '/' ? '' : nulInMetadata} must not contain a NUL character (\\u0000)`;
  const schema = eventSchemas[type];
  if (!schema) return undefined;
  const first = Value.Errors(schema, data).First();
  if (!first) return undefined;
  return `data${first.path} ${first.message.charAt(0).toLowerCase()}${first.message.slice(1)}`;
}
