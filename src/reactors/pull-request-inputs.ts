// Cycle P's inputs for one run: the repository's recent pull requests (through the source-control
// port) and the links already made or pending (the runs read model), so the pure planner in
// src/domain/cycles/pull-request.cycle.ts can tell what is new. Wired in src/composition/commands.ts.
import type { SourceControlConnection, SourceControlProvider } from '../adapters/source-control/source-control.js';
import { SourceControlError } from '../adapters/source-control/source-control.js';
import { ProviderUrlError } from '../adapters/boards/url-policy.js';
import { SecretDecryptionError } from '../adapters/secrets/secret-store.js';
import { pullRequestLinkKey } from '../domain/cycles/pull-request.cycle.js';
import type { PullRequestSummary } from '../domain/cycles/cycle.js';
import type { BoardType } from '../domain/org.events.js';

export interface PullRequestInputs {
  pullRequests: PullRequestSummary[];
  linkedPullRequests: ReadonlySet<string>;
}

export interface PullRequestInputSource {
  /** Undefined when the organization has no source control configured (P then plans nothing). Throws SourceControlError. */
  forRun(run: { org_id: string; board_type: BoardType; project_key: string }, now: Date): Promise<PullRequestInputs | undefined>;
}

export interface PullRequestInputDeps {
  /** The saved source-control connection with its token decrypted; undefined when none. */
  loadConnection(orgId: string): Promise<SourceControlConnection | undefined>;
  /** Builds the provider; may throw (URL policy) — reported as a SourceControlError by the caller. */
  providerFor(connection: SourceControlConnection): SourceControlProvider;
  /** (item key, URL) pairs not to plan again (see pull-request-links.query.ts). */
  linked(orgId: string, boardType: BoardType, projectKey: string): Promise<{ item_key: string; url: string }[]>;
  /** Most pull requests read per run. */
  maxPullRequests: number;
  /** Pull requests not updated for this many days are not read. */
  lookbackDays: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createPullRequestInputs(deps: PullRequestInputDeps): PullRequestInputSource {
  return {
    async forRun(run, now) {
      let connection: SourceControlConnection | undefined;
      let provider: SourceControlProvider;
      try {
        connection = await deps.loadConnection(run.org_id);
        if (!connection) return undefined;
        provider = deps.providerFor(connection);
      } catch (err) {
        if (err instanceof SourceControlError) throw err;
        // A token that no longer decrypts, a base URL the policy now refuses: fixable by saving again.
        if (!(err instanceof SecretDecryptionError || err instanceof ProviderUrlError)) throw err;
        throw new SourceControlError(`The saved source-control configuration cannot be used (${err.message}): save it again with POST /api/settings/integration`, {
          retryable: false,
          kind: 'invalid',
        });
      }
      const [pullRequests, linked] = await Promise.all([
        provider.listRecentPullRequests({ limit: deps.maxPullRequests, updatedSince: new Date(now.getTime() - deps.lookbackDays * DAY_MS) }),
        deps.linked(run.org_id, run.board_type, run.project_key),
      ]);
      return { pullRequests, linkedPullRequests: new Set(linked.map((l) => pullRequestLinkKey(l.item_key, l.url))) };
    },
  };
}
