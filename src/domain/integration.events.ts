// Integration settings on the org stream (`org-<orgId>`), beside the other org concerns but with
// their own decider. Secrets are REFERENCED by their id in the secret store, never carried: the
// event store is immutable and audited (docs/security.md). TypeBox schemas give runtime validation and
// TS types from one definition. An event type never changes meaning once shipped.
import { Type, type Static } from '@sinclair/typebox';
import type { BoardType } from './org.events.js';

/** The id of a row of the secret store (a uuid), never the secret itself. */
export const SecretRefSchema = Type.String({ format: 'uuid', description: 'id of an encrypted secret' });

const KeysSchema = Type.Array(Type.String({ minLength: 1, maxLength: 64 }));

export const SourceControlSettingsSchema = Type.Object({
  provider: Type.Union([Type.Literal('github'), Type.Literal('gitlab')]),
  repository: Type.String({ minLength: 1 }),
  base_url: Type.Optional(Type.String()),
  token_ref: SecretRefSchema,
});
export type SourceControlSettings = Static<typeof SourceControlSettingsSchema>;

export const JiraIntegrationSchema = Type.Object({
  board_type: Type.Literal('jira'),
  base_url: Type.String(),
  email: Type.String(),
  project_keys: KeysSchema,
  api_token_ref: SecretRefSchema,
  source_control: Type.Optional(SourceControlSettingsSchema),
});

export const LinearIntegrationSchema = Type.Object({
  board_type: Type.Literal('linear'),
  /** Absent: Linear's public GraphQL endpoint. */
  api_url: Type.Optional(Type.String()),
  team_keys: KeysSchema,
  api_key_ref: SecretRefSchema,
  source_control: Type.Optional(SourceControlSettingsSchema),
});

export const IntegrationSettingsSchema = Type.Union([JiraIntegrationSchema, LinearIntegrationSchema]);
export type IntegrationSettings = Static<typeof IntegrationSettingsSchema>;

/** Carries the complete settings after the save, so readers never merge. */
export const IntegrationSettingsSavedSchema = Type.Object({
  settings: IntegrationSettingsSchema,
  at: Type.String({ format: 'date-time' }),
});

export type IntegrationEvent = { type: 'IntegrationSettingsSaved'; data: Static<typeof IntegrationSettingsSavedSchema> };

export const integrationEventSchemas = {
  IntegrationSettingsSaved: IntegrationSettingsSavedSchema,
} as const;

export const projectKeysOf = (s: IntegrationSettings): string[] => (s.board_type === 'jira' ? s.project_keys : s.team_keys);
export type { BoardType };
