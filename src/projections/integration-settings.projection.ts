// integration_settings: what GET /api/settings/integration shows — never a secret, not even its id.
import type { IntegrationEvent } from '../domain/integration.events.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import type { Projection } from './projection.js';
import { upsertForward } from './upsert.js';

export const integrationSettingsProjection: Projection = {
  name: 'integration_settings',
  version: 1,
  tables: ['integration_settings'],
  filter: { streamPrefixes: [streamCategories.org], eventTypePrefixes: ['IntegrationSettings'] },
  async apply(trx, events) {
    const rows = new Map<string, Record<string, unknown> & { revision: string }>();
    for (const recorded of events) {
      const orgId = idOfStream('org', recorded.streamName);
      const event = { type: recorded.type, data: recorded.data } as IntegrationEvent;
      if (!orgId || event.type !== 'IntegrationSettingsSaved') continue;
      const s = event.data.settings;
      const sc = s.source_control ? { provider: s.source_control.provider, repository: s.source_control.repository, base_url: s.source_control.base_url ?? null } : null;
      rows.set(orgId, {
        org_id: orgId,
        board_type: s.board_type,
        base_url: s.board_type === 'jira' ? s.base_url : null,
        email: s.board_type === 'jira' ? s.email : null,
        api_url: s.board_type === 'linear' ? (s.api_url ?? null) : null,
        project_keys: s.board_type === 'jira' ? s.project_keys : s.team_keys,
        source_control: sc ?? null,
        revision: recorded.revision.toString(),
        updated_at: recorded.created,
      });
    }
    await upsertForward(trx, 'integration_settings', ['org_id'], [...rows.values()]);
  },
};
