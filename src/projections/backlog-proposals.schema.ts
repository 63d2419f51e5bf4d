// Read-model table of the backlog proposals projection. `search` is a generated tsvector over the
// title (weight A) and the description (weight B), GIN-indexed for GET /api/backlog-proposals?q=.
import type { Migration } from '../adapters/postgres/migrate.js';

export const backlogProposalsMigrations: Migration[] = [
  {
    name: '0600_backlog_proposals',
    async up(knex) {
      await knex.schema.createTable('backlog_proposals', (t) => {
        t.text('proposal_id').primary();
        t.text('org_id').notNullable();
        t.text('board_type').notNullable();
        t.text('project_key').notNullable();
        t.text('source').notNullable();
        t.text('meeting_id');
        t.text('title').notNullable();
        t.text('description');
        t.text('kind').notNullable();
        t.specificType('labels', 'text[]').notNullable();
        t.integer('priority');
        t.text('evidence');
        t.text('status').notNullable();
        t.text('created_by').notNullable();
        t.text('decided_by');
        t.timestamp('decided_at', { useTz: true });
        t.text('decision_reason');
        t.text('provider_key');
        t.text('provider_url');
        t.text('apply_error');
        t.timestamp('applied_at', { useTz: true });
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable();
        t.bigInteger('revision').notNullable();
        t.index(['org_id', 'status', 'created_at'], 'backlog_proposals_org_status');
        t.index(['org_id', 'board_type', 'project_key', 'created_at'], 'backlog_proposals_org_project');
      });
      // The 'english' configuration is named explicitly: to_tsvector(regconfig, text) is immutable,
      // which a generated column requires.
      await knex.raw(`
        ALTER TABLE backlog_proposals ADD COLUMN search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(description, '')), 'B')
        ) STORED`);
      await knex.raw('CREATE INDEX backlog_proposals_search ON backlog_proposals USING gin (search)');
    },
  },
];

/** A row of `backlog_proposals` as the projection writes it (the API's BacklogProposal is mapped from it by toProposalView). */
export interface ProposalRow {
  proposal_id: string;
  org_id: string;
  board_type: string;
  project_key: string;
  source: string;
  meeting_id: string | null;
  title: string;
  description: string | null;
  kind: string;
  labels: string[];
  priority: number | null;
  evidence: string | null;
  status: string;
  created_by: string;
  decided_by: string | null;
  decided_at: Date | null;
  decision_reason: string | null;
  provider_key: string | null;
  provider_url: string | null;
  apply_error: string | null;
  applied_at: Date | null;
  created_at: Date;
  updated_at: Date;
  revision: string;
}
