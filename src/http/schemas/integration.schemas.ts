// Shapes of /api/settings/integration and /api/settings/test-connection (docs/integrations.md).
import { Type } from '@sinclair/typebox';

const Key = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Url = Type.String({ minLength: 1, maxLength: 2048 });
const Secret = Type.String({ minLength: 1, maxLength: 4096 });

const SourceControlInput = Type.Object(
  {
    provider: Type.Union([Type.Literal('github'), Type.Literal('gitlab')]),
    repository: Type.String({ minLength: 3, maxLength: 200, pattern: '^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+$' }),
    token: Type.Optional(Secret),
    base_url: Type.Optional(Url),
  },
  { additionalProperties: false },
);

export const JiraSettingsInput = Type.Object(
  {
    board_type: Type.Literal('jira'),
    base_url: Url,
    email: Type.String({ minLength: 3, maxLength: 320 }),
    api_token: Type.Optional(Secret),
    project_keys: Type.Optional(Type.Array(Key, { maxItems: 50 })),
    source_control: Type.Optional(SourceControlInput),
  },
  { additionalProperties: false },
);

export const LinearSettingsInput = Type.Object(
  {
    board_type: Type.Literal('linear'),
    api_key: Type.Optional(Secret),
    api_url: Type.Optional(Url),
    team_keys: Type.Optional(Type.Array(Key, { maxItems: 50 })),
    source_control: Type.Optional(SourceControlInput),
  },
  { additionalProperties: false },
);

export const IntegrationInputSchema = Type.Union([JiraSettingsInput, LinearSettingsInput]);

/** Secrets appear only as this mask. */
export const MASK = '********';

export const IntegrationSettingsResponse = Type.Object({
  configured: Type.Boolean(),
  board_type: Type.Optional(Type.String()),
  base_url: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  api_token: Type.Optional(Type.Literal(MASK)),
  api_key: Type.Optional(Type.Literal(MASK)),
  api_url: Type.Optional(Type.String()),
  project_keys: Type.Optional(Type.Array(Type.String())),
  team_keys: Type.Optional(Type.Array(Type.String())),
  source_control: Type.Optional(
    Type.Object({ provider: Type.String(), repository: Type.String(), base_url: Type.Optional(Type.String()), token: Type.Literal(MASK) }),
  ),
  updated_at: Type.Optional(Type.String({ format: 'date-time' })),
});

export const TestConnectionResponse = Type.Object({
  ok: Type.Boolean(),
  board_type: Type.String(),
  account: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
});
