// Projection spec (a rule taken from Emmett's projection tests): apply the same events to a projection on a real
// database twice over — once with every event delivered once, once with every event delivered twice
// (duplicates next to each other inside a batch and straddling batch boundaries) — and require the
// projection's tables to hold identical rows. That is the idempotency the projector relies on when a
// rebuild overlaps a live runner or a checkpoint is reset by hand.
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { expect } from 'vitest';
import type { EventMetadata, Position, RecordedEvent } from '../../src/adapters/event-store.js';
import { KEPT_ROWS } from '../../src/projections/batch-loop.js';
import { writeBatchStatement } from '../../src/projections/batch-statement.js';
import { CHECKPOINT_TABLE } from '../../src/projections/checkpoints.js';
import { KeptRows } from '../../src/projections/kept-rows.js';
import type { Projection } from '../../src/projections/projection.js';

export type Rows = Record<string, Record<string, unknown>[]>;

export interface EventInput {
  stream: string;
  type: string;
  data: unknown;
  metadata?: Partial<EventMetadata>;
  created?: Date;
}

/**
 * Recorded events as a store would deliver them: revisions counted per stream from 0, positions
 * increasing in the given order, creation times 1 ms apart from `start` unless given.
 */
export function recordedEvents(inputs: readonly EventInput[], start = new Date('2026-01-01T00:00:00Z')): RecordedEvent[] {
  const revisions = new Map<string, bigint>();
  return inputs.map((input, i) => {
    const revision = (revisions.get(input.stream) ?? -1n) + 1n;
    revisions.set(input.stream, revision);
    return {
      streamName: input.stream,
      revision,
      position: { commit: BigInt(1000 + i), prepare: BigInt(i + 1) },
      id: randomUUID(),
      type: input.type,
      data: input.data,
      metadata: input.metadata ?? { user_id: 'system', correlation_id: 'spec', causation_id: 'spec' },
      created: input.created ?? new Date(start.getTime() + i),
    };
  });
}

export interface ProjectionSpecOptions {
  knex: Knex;
  projection: Projection;
  events: readonly RecordedEvent[];
  /** Events per batch in the single-delivery pass (default 3, so that there are many batch boundaries). */
  batchSize?: number;
  /** Columns that may legitimately differ between the passes (e.g. filled by now()). */
  ignoreColumns?: string[];
}

/**
 * Runs both passes on the projection's (existing, migrated) tables and asserts equal rows. Returns
 * the rows of the single-delivery pass so that the caller can assert what the projection built.
 */
export async function expectIdempotentProjection(options: ProjectionSpecOptions): Promise<Rows> {
  const { knex, projection, events } = options;
  const batchSize = Math.max(1, options.batchSize ?? 3);

  await truncate(knex, projection);
  await applyInBatches(knex, projection, chunk(events, batchSize));
  const once = await snapshot(knex, projection, options.ignoreColumns);

  await truncate(knex, projection);
  // Each event twice in a row; an odd batch size puts some pairs inside a batch and splits others
  // across two consecutive batches.
  const doubled = events.flatMap((e) => [e, e]);
  await applyInBatches(knex, projection, chunk(doubled, batchSize * 2 - 1));
  const twice = await snapshot(knex, projection, options.ignoreColumns);

  expect(twice, `projection ${projection.name}: rows differ when every event is delivered twice`).toEqual(once);

  if (projection.prepareBatch) {
    // The one-statement path (batch-statement.ts) must write what apply writes, batch after batch
    // with the rows it keeps, and again with every event delivered twice.
    await truncate(knex, projection);
    await applyInStatements(knex, projection, chunk(events, batchSize));
    expect(await snapshot(knex, projection, options.ignoreColumns), `projection ${projection.name}: one-statement batches differ from apply`).toEqual(once);
    await truncate(knex, projection);
    await applyInStatements(knex, projection, chunk(doubled, batchSize * 2 - 1));
    expect(await snapshot(knex, projection, options.ignoreColumns), `projection ${projection.name}: one-statement batches differ when every event is delivered twice`).toEqual(once);
  }
  return once;
}

/** Every row of every table of the projection, in a stable order, optionally without some columns. */
export async function snapshot(knex: Knex, projection: Projection, ignoreColumns: string[] = []): Promise<Rows> {
  const result: Rows = {};
  for (const table of projection.tables) {
    const rows = (await knex(table).select('*')) as Record<string, unknown>[];
    const cleaned = rows.map((row) => {
      const copy: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) {
        if (!ignoreColumns.includes(k)) copy[k] = v instanceof Date ? v.toISOString() : v;
      }
      return copy;
    });
    result[table] = cleaned
      .map((row) => [JSON.stringify(row), row] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, row]) => row);
  }
  return result;
}

async function applyInBatches(knex: Knex, projection: Projection, batches: RecordedEvent[][]): Promise<void> {
  for (const batch of batches) {
    await knex.transaction((trx) => projection.apply(trx, batch));
  }
}

/** Batches as the live loop sends them with prepareBatch: one kept-rows memory, a checkpoint of the spec's own. */
async function applyInStatements(knex: Knex, projection: Projection, batches: RecordedEvent[][]): Promise<void> {
  const checkpoint = `spec:${projection.name}`;
  await knex(CHECKPOINT_TABLE).insert({ name: checkpoint, version: 1 }).onConflict('name').merge({ commit_pos: null, prepare_pos: null });
  const kept = new KeptRows<unknown>(KEPT_ROWS);
  let from: Position | null = null;
  for (const batch of batches) {
    const to = batch.at(-1)!.position;
    const prepared = await projection.prepareBatch!({ db: knex, checkpoint, kept }, batch);
    expect(prepared, `projection ${projection.name}: prepareBatch declined a small batch`).toBeDefined();
    const written = await writeBatchStatement(knex, checkpoint, from, to, prepared!, {});
    expect(written.outcome).toBe('written');
    // As the batch loop does after a written statement.
    if (written.outcome === 'written') kept.stamp = kept.size > 0 ? written.stamp : undefined;
    from = to;
  }
  await knex(CHECKPOINT_TABLE).where({ name: checkpoint }).delete();
}

async function truncate(knex: Knex, projection: Projection): Promise<void> {
  if (projection.tables.length === 0) return;
  await knex.raw(`TRUNCATE ${projection.tables.map(() => '??').join(', ')}`, [...projection.tables]);
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
