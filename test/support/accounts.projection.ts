// A test projection that does real work (the service's own projections belong to others): bank
// accounts in streams `acct-<id>`, folded per batch in memory into balances (one read of the current
// rows, one multi-row upsert) plus one row per event in a movements table. Idempotent: the fold skips
// events at or below an account's stored revision, movements are keyed by event id.
// Also: the database/store stack the projector tests and the crash child process share.
import type { Knex } from 'knex';
import type { RecordedEvent } from '../../src/adapters/event-store.js';
import { createDatabase, type Database } from '../../src/adapters/postgres/database.js';
import { eventStoreMigrations } from '../../src/adapters/postgres/event-store.schema.js';
import { runMigrations, type Migration } from '../../src/adapters/postgres/migrate.js';
import { createPgEventStore } from '../../src/adapters/postgres/pg-event-store.js';
import { comparePositions, type EventStore, type Position } from '../../src/adapters/event-store.js';
import type { Projection } from '../../src/projections/projection.js';
import { projectionLeaseMigrations, projectionMigrations } from '../../src/projections/projections.schema.js';
import { parkedEventsMigrations } from '../../src/projections/parked-events.schema.js';

export const ACCOUNT_PREFIX = 'acct-';
export const accountStream = (id: string) => `${ACCOUNT_PREFIX}${id}`;

export const accountsMigrations: Migration[] = [
  {
    name: '9000_test_accounts',
    async up(knex) {
      await knex.schema.createTable('test_account_balances', (t) => {
        t.text('account_id').primary();
        t.bigInteger('balance').notNullable();
        t.integer('deposits').notNullable();
        t.integer('withdrawals').notNullable();
        t.text('owner');
        t.bigInteger('revision').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
      });
      await knex.schema.createTable('test_account_movements', (t) => {
        t.uuid('event_id').primary();
        t.text('account_id').notNullable();
        t.bigInteger('revision').notNullable();
        t.text('type').notNullable();
        t.bigInteger('amount').notNullable();
        t.timestamp('created', { useTz: true }).notNullable();
      });
    },
  },
];

export interface AccountsProjectionOptions {
  name?: string;
  version?: number;
  /** Time spent inside every batch transaction (pg_sleep), so that a kill lands mid-batch. */
  batchDelayMs?: number;
  /** Test hook, called first in every batch (count calls, throw once…). */
  onApply?: (events: readonly RecordedEvent[]) => void | Promise<void>;
}

interface Balance {
  account_id: string;
  balance: number;
  deposits: number;
  withdrawals: number;
  owner: string | null;
  revision: string;
  updated_at: Date;
}

export function accountsProjection(options: AccountsProjectionOptions = {}): Projection {
  return {
    name: options.name ?? 'test_accounts',
    version: options.version ?? 1,
    tables: ['test_account_balances', 'test_account_movements'],
    filter: { streamPrefixes: [ACCOUNT_PREFIX] },
    async apply(trx, events) {
      await options.onApply?.(events);
      const movements = events
        .filter((e) => e.type === 'Deposited' || e.type === 'Withdrawn')
        .map((e) => ({
          event_id: e.id,
          account_id: e.streamName.slice(ACCOUNT_PREFIX.length),
          revision: e.revision.toString(),
          type: e.type,
          amount: (e.data as { amount: number }).amount,
          created: e.created,
        }));
      for (let i = 0; i < movements.length; i += 5_000) {
        await trx('test_account_movements').insert(movements.slice(i, i + 5_000)).onConflict('event_id').ignore();
      }
      await foldBalances(trx, events);
      if (options.batchDelayMs) await trx.raw('SELECT pg_sleep(?)', [options.batchDelayMs / 1000]);
    },
  };
}

async function foldBalances(trx: Knex.Transaction, events: readonly RecordedEvent[]): Promise<void> {
  const ids = [...new Set(events.map((e) => e.streamName.slice(ACCOUNT_PREFIX.length)))];
  const stored = (await trx('test_account_balances').whereIn('account_id', ids)) as Balance[];
  const state = new Map(stored.map((b) => [b.account_id, { ...b, balance: Number(b.balance) }]));
  const changed = new Set<string>();
  for (const e of events) {
    const id = e.streamName.slice(ACCOUNT_PREFIX.length);
    const row = state.get(id) ?? {
      account_id: id,
      balance: 0,
      deposits: 0,
      withdrawals: 0,
      owner: null,
      revision: '-1',
      updated_at: e.created,
    };
    // Already applied (a duplicate delivery): skip.
    if (e.revision <= BigInt(row.revision)) continue;
    const data = e.data as { amount?: number; owner?: string };
    if (e.type === 'Deposited') {
      row.balance += data.amount ?? 0;
      row.deposits += 1;
    } else if (e.type === 'Withdrawn') {
      row.balance -= data.amount ?? 0;
      row.withdrawals += 1;
    } else if (e.type === 'OwnerChanged') {
      row.owner = data.owner ?? null;
    }
    row.revision = e.revision.toString();
    row.updated_at = e.created;
    state.set(id, row);
    changed.add(id);
  }
  const rows = [...changed].map((id) => state.get(id)!);
  for (let i = 0; i < rows.length; i += 5_000) {
    await trx('test_account_balances')
      .insert(rows.slice(i, i + 5_000))
      .onConflict('account_id')
      .merge()
      .where('test_account_balances.revision', '<', trx.raw('excluded.revision'));
  }
}

export interface TestStack {
  url: string;
  db: Database;
  store: EventStore;
  close(): Promise<void>;
}

/** The real PostgreSQL event store and the read-model tables (checkpoints + accounts) on `url`. */
export async function openTestStack(url: string, options: { poolSize?: number } = {}): Promise<TestStack> {
  const db = createDatabase({ url, poolSize: options.poolSize ?? 8, applicationName: 'sprintguard-test' });
  await migrateTestStack(db.knex);
  const store = createPgEventStore({ pool: db.pool, connectionString: url, pollIntervalMs: 100 });
  return {
    url,
    db,
    store,
    close: async () => {
      await store.close();
      await db.close();
    },
  };
}

export async function migrateTestStack(knex: Knex): Promise<void> {
  await runMigrations(knex, eventStoreMigrations);
  await runMigrations(knex, {
    tableName: projectionMigrations.tableName,
    migrations: [...projectionMigrations.migrations, ...accountsMigrations, ...parkedEventsMigrations, ...projectionLeaseMigrations],
  });
}

/**
 * Appends `count` account events spread over `accounts` streams, `perAppend` events per call.
 * Returns the highest position appended (not headPosition(): a concurrent transaction, such as a
 * projector's batch, can hold the store's read horizon back for a moment).
 */
export async function seedAccounts(
  store: EventStore,
  options: { count: number; accounts: number; perAppend?: number; concurrency?: number; seed?: number },
): Promise<Position> {
  const perAppend = options.perAppend ?? 50;
  let rnd = options.seed ?? 42;
  const random = () => {
    // Deterministic LCG, so that reruns build the same data.
    rnd = (rnd * 1103515245 + 12345) % 2 ** 31;
    return rnd / 2 ** 31;
  };
  const jobs: { stream: string; events: { type: string; data: unknown }[] }[] = [];
  for (let done = 0, i = 0; done < options.count; i++) {
    const n = Math.min(perAppend, options.count - done);
    const stream = accountStream(`a${i % options.accounts}`);
    const events = Array.from({ length: n }, () => {
      const r = random();
      if (r < 0.05) return { type: 'OwnerChanged', data: { owner: `owner-${Math.floor(random() * 1000)}` } };
      return { type: r < 0.7 ? 'Deposited' : 'Withdrawn', data: { amount: 1 + Math.floor(random() * 100) } };
    });
    jobs.push({ stream, events });
    done += n;
  }
  const concurrency = options.concurrency ?? 4;
  // Jobs of one stream must stay in order ('any' appends): a worker takes every concurrency-th stream.
  const byWorker = Array.from({ length: concurrency }, () => [] as typeof jobs);
  for (const job of jobs) byWorker[hash(job.stream) % concurrency]!.push(job);
  let last: Position = { commit: 0n, prepare: 0n };
  await Promise.all(
    byWorker.map(async (list) => {
      for (const job of list) {
        const { position } = await store.append(job.stream, job.events);
        if (comparePositions(position, last) > 0) last = position;
      }
    }),
  );
  return last;
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}
