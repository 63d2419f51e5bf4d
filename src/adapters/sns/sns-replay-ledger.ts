// The replay ledger of SNS MessageIds, in PostgreSQL so that every API process shares it and it
// survives restarts. Bounded twice: rows older than `maxAgeMs` and rows beyond the newest `maxRows`
// are pruned (every `pruneEvery` records, and on demand).
//
// A MessageId is recorded only AFTER its suppressions were appended: if the append fails, SNS's
// retry is not mistaken for a duplicate. Between the append and the record a crash or a concurrent
// replay may append again; the event ids are derived from the MessageId (suppression.commands.ts),
// so the store recognises the second append as the same one and adds nothing.
import type { Knex } from 'knex';
import type { Migration } from '../postgres/migrate.js';

export const SNS_LEDGER_TABLE = 'sns_message_ledger';

export const snsLedgerMigrations: Migration[] = [
  {
    name: '0810_sns_message_ledger',
    async up(knex) {
      await knex.schema.createTable(SNS_LEDGER_TABLE, (t) => {
        t.text('message_id').primary();
        t.timestamp('received_at', { useTz: true }).notNullable();
        // Age pruning and "newest N" pruning both walk this index.
        t.index(['received_at'], 'sns_message_ledger_received_at');
      });
    },
    async down(knex) {
      await knex.schema.dropTableIfExists(SNS_LEDGER_TABLE);
    },
  },
];

export interface ReplayLedgerOptions {
  maxRows: number;
  maxAgeMs: number;
  /** Prune after this many new records (default 100). */
  pruneEvery?: number;
  now?: () => Date;
}

export interface ReplayLedger {
  /** True when the MessageId was processed before (and not yet pruned). */
  has(messageId: string): Promise<boolean>;
  /** Records a processed MessageId; false when it was already there (a concurrent replay won). */
  record(messageId: string): Promise<boolean>;
  /** Removes rows beyond the age and size bounds; returns how many. */
  prune(): Promise<number>;
  readonly maxAgeMs: number;
}

export function createReplayLedger(knex: Knex, options: ReplayLedgerOptions): ReplayLedger {
  const now = options.now ?? (() => new Date());
  const pruneEvery = options.pruneEvery ?? 100;
  let sincePrune = 0;

  async function prune(): Promise<number> {
    const cutoff = new Date(now().getTime() - options.maxAgeMs);
    const old: number = await knex(SNS_LEDGER_TABLE).where('received_at', '<', cutoff).delete();
    const excess: unknown = await knex.raw(
      `DELETE FROM ?? WHERE message_id IN (SELECT message_id FROM ?? ORDER BY received_at DESC, message_id DESC OFFSET ?)`,
      [SNS_LEDGER_TABLE, SNS_LEDGER_TABLE, options.maxRows],
    );
    return old + ((excess as { rowCount?: number }).rowCount ?? 0);
  }

  return {
    maxAgeMs: options.maxAgeMs,
    async has(messageId) {
      const row: unknown = await knex(SNS_LEDGER_TABLE).where({ message_id: messageId }).first('message_id');
      return row !== undefined;
    },
    async record(messageId) {
      const inserted: unknown[] = await knex(SNS_LEDGER_TABLE).insert({ message_id: messageId, received_at: now() }).onConflict('message_id').ignore().returning('message_id');
      if (++sincePrune >= pruneEvery) {
        sincePrune = 0;
        await prune();
      }
      return inserted.length > 0;
    },
    prune,
  };
}
