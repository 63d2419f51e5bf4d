// Request and response shapes of the org settings, schedule and feature-flag routes (docs/architecture.md).
// The shapes are the org stream's own (src/domain/org.events.ts); the descriptions are the API's.
import { Type, type Static } from '@sinclair/typebox';
import { OrgSettingsSchema, ScheduleSchema, supportedFeatureFlags } from '../../domain/org.events.js';
import { documented, OneOf } from './common.schemas.js';

const settings = OrgSettingsSchema.properties;
const DescribedOrgSettings = Type.Object(
  {
    write_mode: documented(settings.write_mode, 'approval: every action waits for a person; auto: planned actions execute at once; dry_run: plan only, never write', [
      'approval',
    ]),
    action_cap: documented(settings.action_cap, 'most actions one run may plan', [25]),
    confirmation_threshold: documented(settings.confirmation_threshold, 'a run planning more actions than this waits for a confirmation first', [10]),
  },
  { description: "The organization's guards for every run", examples: [{ write_mode: 'approval', action_cap: 25, confirmation_threshold: 10 }] },
);

export const OrgSettingsResponseSchema = DescribedOrgSettings;

export const PutOrgSettingsBodySchema = Type.Partial(DescribedOrgSettings, {
  additionalProperties: false,
  minProperties: 1,
  description: 'The settings to change; the others keep their values',
  examples: [{ action_cap: 10 }],
});

const schedule = ScheduleSchema.properties;
const ScheduleFields = {
  enabled: documented(schedule.enabled, 'whether the scheduler triggers runs'),
  timezone: documented(schedule.timezone, 'IANA time zone of days_of_week and time', ['Europe/Berlin']),
  days_of_week: documented(schedule.days_of_week, 'days to run on, 0 Sunday to 6 Saturday', [[1, 3, 5]]),
  time: documented(schedule.time, 'local time of day, HH:MM', ['09:00']),
  board_type: documented(schedule.board_type, 'the board to run on', ['jira']),
  project_key: documented(schedule.project_key, 'the project to run on', ['ENG']),
  cycles: Type.Optional(documented(schedule.cycles, 'the cycles to run: T triage, S stale, P pull requests (default T and S)')),
  dry_run: Type.Optional(documented(schedule.dry_run, 'plan only, whatever the write mode')),
};

const SCHEDULE_EXAMPLE = { enabled: true, timezone: 'Europe/Berlin', days_of_week: [1, 3, 5], time: '09:00', board_type: 'jira', project_key: 'ENG', cycles: ['S', 'T'], dry_run: false };

export const PutScheduleBodySchema = Type.Object(ScheduleFields, { additionalProperties: false, description: 'When the scheduler triggers runs', examples: [SCHEDULE_EXAMPLE] });

export const ScheduleResponseSchema = Type.Composite(
  [Type.Object({ saved: Type.Boolean({ description: 'false until the organization saves a schedule' }) }), Type.Partial(Type.Object(ScheduleFields))],
  { description: "The organization's schedule (only `saved: false` before one is saved)", examples: [{ saved: true, ...SCHEDULE_EXAMPLE }] },
);

export const FeatureFlagSchema = Type.Object(
  {
    name: OneOf(supportedFeatureFlags, { description: 'the flag' }),
    enabled: Type.Boolean({ description: 'whether the feature is on for the organization' }),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'when it last changed; null if it never did' }),
  },
  { description: 'A feature flag of the organization', examples: [{ name: 'cycle_p', enabled: true, updated_at: '2026-11-24T09:00:00.000Z' }] },
);

/** A feature flag as the API shows it. */
export type FeatureFlagView = Static<typeof FeatureFlagSchema>;

export const FeatureFlagParamsSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, description: `the flag: ${supportedFeatureFlags.join(', ')} (404 for any other)`, examples: ['cycle_p'] }),
});
export const PutFeatureFlagBodySchema = Type.Object(
  { enabled: Type.Boolean({ description: 'on or off' }) },
  { additionalProperties: false, examples: [{ enabled: true }] },
);
