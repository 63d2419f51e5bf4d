// org-config: organization settings, schedule and feature flags, from the org streams.
// A batch is folded in memory to the last row per key, then written with one multi-row upsert per
// table; every upsert is guarded by the stream revision, so a replayed event changes nothing.
import type { OrgEvent } from '../domain/org.events.js';
import { idOfStream, streamCategories } from '../domain/streams.js';
import type { Projection } from './projection.js';
import { upsertForward } from './upsert.js';

type Row = Record<string, unknown> & { revision: string };

export const orgConfigProjection: Projection = {
  name: 'org_config',
  version: 1,
  tables: ['org_settings', 'schedules', 'feature_flags'],
  filter: { streamPrefixes: [streamCategories.org] },
  async apply(trx, events) {
    const settings = new Map<string, Row>();
    const schedules = new Map<string, Row>();
    const flags = new Map<string, Row>();
    for (const recorded of events) {
      const orgId = idOfStream('org', recorded.streamName);
      if (orgId === undefined) continue;
      const base = { org_id: orgId, revision: recorded.revision.toString(), updated_at: recorded.created };
      const event = { type: recorded.type, data: recorded.data } as OrgEvent;
      switch (event.type) {
        case 'OrgSettingsChanged':
          settings.set(orgId, { ...base, ...event.data.settings });
          break;
        case 'ScheduleSaved': {
          const s = event.data.schedule;
          schedules.set(orgId, {
            ...base,
            enabled: s.enabled,
            timezone: s.timezone,
            days_of_week: s.days_of_week,
            time: s.time,
            board_type: s.board_type,
            project_key: s.project_key,
            cycles: s.cycles ?? null,
            dry_run: s.dry_run ?? null,
          });
          break;
        }
        case 'FeatureFlagChanged':
          flags.set(`${orgId}\u0000${event.data.name}`, { ...base, name: event.data.name, enabled: event.data.enabled });
          break;
      }
    }
    await upsertForward(trx, 'org_settings', ['org_id'], [...settings.values()]);
    await upsertForward(trx, 'schedules', ['org_id'], [...schedules.values()]);
    await upsertForward(trx, 'feature_flags', ['org_id', 'name'], [...flags.values()]);
  },
};
