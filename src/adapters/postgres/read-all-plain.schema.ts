// Migration 010: es.read_all_page_plain, es.read_all_page (005, 006) without the chain's two hashes,
// for the readers that have no use for them (ReadAllOptions.chain, SubscribeToAllOptions.chain):
// every projection but the audit log's, the reactors, the lag count. Encoding both hashes in hex
// and sending them cost a rebuild of a sealed log ~12% of its events/s (docs/benchmarks.md,
// "2026-11-29, late night"). The same page, rows and order; 005's function under another name.
import type { Knex } from 'knex';
import type { Migration } from './migrate.js';
import { readAllPageFunction } from './read-all-page.schema.js';

export const readAllPlainMigration: Migration = {
  name: '010_read_all_page_plain',
  up: async (knex: Knex) => {
    await knex.raw(readAllPageFunction(false, 'es.read_all_page_plain'));
  },
};
