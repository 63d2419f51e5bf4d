// Request and response shapes of the org settings, schedule and feature-flag routes (docs/architecture.md).
import { Type, type Static } from '@sinclair/typebox';
import { OrgSettingsSchema, ScheduleSchema } from '../../domain/org.events.js';

export const OrgSettingsResponseSchema = OrgSettingsSchema;

export const PutOrgSettingsBodySchema = Type.Partial(OrgSettingsSchema, {
  additionalProperties: false,
  minProperties: 1,
});

export const PutScheduleBodySchema = Type.Object(ScheduleSchema.properties, { additionalProperties: false });

export const ScheduleResponseSchema = Type.Composite([
  Type.Object({ saved: Type.Boolean({ description: 'false until the organization saves a schedule' }) }),
  Type.Partial(ScheduleSchema),
]);

export const FeatureFlagSchema = Type.Object({
  name: Type.String(),
  enabled: Type.Boolean(),
  updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

/** A feature flag as the API shows it. */
export type FeatureFlagView = Static<typeof FeatureFlagSchema>;

export const FeatureFlagParamsSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) });
export const PutFeatureFlagBodySchema = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
