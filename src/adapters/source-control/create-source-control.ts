// The source-control factory: picks the adapter for a connection after checking its base URL.
// Kept apart from the port (source-control.ts) so that the adapters import the port and the factory
// imports the adapters, with no import circle.
import { assertProviderUrlAllowed } from '../boards/url-policy.js';
import { createGitHubSource } from './github.js';
import { createGitLabSource } from './gitlab.js';
import type { SourceControlConnection, SourceControlKind, SourceControlOptions, SourceControlProvider } from './source-control.js';

const DEFAULT_BASE: Record<SourceControlKind, string> = { github: 'https://api.github.com', gitlab: 'https://gitlab.com' };

/** Throws ProviderUrlError (url-policy) when the connection's base URL is not allowed. */
export function createSourceControlProvider(connection: SourceControlConnection, options: SourceControlOptions): SourceControlProvider {
  const base = assertProviderUrlAllowed(connection.base_url ?? DEFAULT_BASE[connection.provider], options.allowPrivateUrls);
  return connection.provider === 'github' ? createGitHubSource(connection, base, options) : createGitLabSource(connection, base, options);
}
