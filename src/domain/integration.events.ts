// Integration settings on the org stream. Secrets are referenced by id (secret store), never carried.
import type { BoardType } from './org.events.js';

export interface SourceControlSettings {
  provider: 'github' | 'gitlab';
  repository: string;
  base_url?: string;
  token_ref: string;
}

export type IntegrationSettings =
  | { board_type: 'jira'; base_url: string; email: string; project_keys: string[]; api_token_ref: string; source_control?: SourceControlSettings }
  | { board_type: 'linear'; api_url?: string; team_keys: string[]; api_key_ref: string; source_control?: SourceControlSettings };

export type IntegrationEvent = { type: 'IntegrationSettingsSaved'; data: { settings: IntegrationSettings; at: string } };

export const projectKeysOf = (s: IntegrationSettings): string[] => (s.board_type === 'jira' ? s.project_keys : s.team_keys);
export type { BoardType };
