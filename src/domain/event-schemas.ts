// Every event type's runtime schema, in one map, and the check made before an append
// (src/adapters/validating-event-store.ts): the data against its type's schema, and no NUL character
// in any string of the data or the metadata (PostgreSQL's jsonb refuses them, EventStoreDB would
// store them, and a projection writing them to a text column would fail on every replay).
import { FormatRegistry, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
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

/** The path of the first string (or key) holding a NUL character (`/` for the value itself), or undefined. */
export function findNul(value: unknown): string | undefined {
  const at = nulAt(value);
  return at === '' ? '/' : at;
}

/**
 * '' when the value itself holds a NUL, `/key…` when something inside it does, else undefined. Every
 * append checks its data and metadata: paths are built only on the way back from a NUL, and objects
 * are walked without arrays of entries.
 */
function nulAt(value: unknown): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = nulAt(value[i]);
      if (inner !== undefined) return `/${i}${inner}`;
    }
    return undefined;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (key.includes('\u0000')) return `/${key.split('\u0000').join('\\u0000')}`;
    const inner = nulAt(record[key]);
    if (inner !== undefined) return `/${key}${inner}`;
  }
  return undefined;
}

/**
 * Each type's schema compiled to a check on first use: the interpreted check (Value.Errors) cost an
 * append ~6 µs and its garbage; a compiled one is a plain function. Errors are listed only for data
 * that fails it.
 */
const checks = new Map<string, TypeCheck<TSchema>>();
function checkOf(type: string): TypeCheck<TSchema> | undefined {
  const known = checks.get(type);
  if (known) return known;
  const schema = eventSchemas[type];
  if (!schema) return undefined;
  const compiled = TypeCompiler.Compile(schema);
  checks.set(type, compiled);
  return compiled;
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
  const check = checkOf(type);
  if (!check || check.Check(data)) return undefined;
  const first = check.Errors(data).First();
  if (!first) return undefined;
  return `data${first.path} ${first.message.charAt(0).toLowerCase()}${first.message.slice(1)}`;
}
