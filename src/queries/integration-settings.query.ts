// The organization's integration settings as GET shows them: secrets masked, never read.
import type { Knex } from 'knex';

interface Row {
  board_type: 'jira' | 'linear';
  base_url: string | null;
  email: string | null;
  api_url: string | null;
  project_keys: string[];
  source_control: { provider: string; repository: string; base_url: string | null } | null;
  updated_at: Date;
}

const MASK = '********' as const;

export async function getIntegrationSettings(knex: Knex, orgId: string) {
  const row = await knex('integration_settings').where({ org_id: orgId }).first<Row | undefined>();
  if (!row) return { configured: false };
  const sc = row.source_control
    ? { provider: row.source_control.provider, repository: row.source_control.repository, ...(row.source_control.base_url ? { base_url: row.source_control.base_url } : {}), token: MASK }
    : undefined;
  const common = { configured: true, board_type: row.board_type, ...(sc ? { source_control: sc } : {}), updated_at: row.updated_at.toISOString() };
  return row.board_type === 'jira'
    ? { ...common, base_url: row.base_url ?? '', email: row.email ?? '', api_token: MASK, project_keys: row.project_keys }
    : { ...common, api_key: MASK, ...(row.api_url ? { api_url: row.api_url } : {}), team_keys: row.project_keys };
}
