// At most one active run per organization, board and project, enforced by the event store: the
// claim stream (src/domain/run-claim.decider.ts) is appended at the revision read, so concurrent
// triggers serialize on it. Whoever loses the race gets the winner's run.
import type { EventStore } from '../adapters/event-store.js';
import { conflict } from '../domain/errors.js';
import { isTerminal, type RunStatus } from '../domain/run.decider.js';
import { runClaimDecider } from '../domain/run-claim.decider.js';
import type { RunRequestedData } from '../domain/run.events.js';
import { runClaimStreamId } from '../domain/streams.js';
import { handleCommand, type CommandContext } from './handle-command.js';

export interface ClaimDeps {
  store: EventStore;
  now: () => Date;
  /** The run's status from its stream; undefined while it is claimed but not yet requested. */
  runStatus: (runId: string) => Promise<RunStatus | undefined>;
}

/**
 * Claims the project for `request`'s run, releasing a claim whose run has ended. Returns the
 * request of the active run: `request` itself when this call claimed it, another run's otherwise.
 */
export async function claimRun(deps: ClaimDeps, request: RunRequestedData, context: CommandContext): Promise<RunRequestedData> {
  const streamId = runClaimStreamId(request.org_id, request.board_type, request.project_key);
  let releasing: string | undefined;
  for (let attempt = 1; ; attempt++) {
    const result = await handleCommand({
      store: deps.store,
      streamId,
      decider: runClaimDecider,
      command: { type: 'ClaimRun', request, ...(releasing ? { releasing } : {}), now: deps.now() },
      context,
      maxAttempts: 10,
    });
    const active = result.state.active;
    if (!active) throw new Error(`claim of ${streamId} left no active run`); // the decider always claims or keeps one
    if (active.run_id === request.run_id) return active;
    if (!isTerminal(await deps.runStatus(active.run_id))) return active;
    if (attempt >= 5) throw conflict('The project changed runs concurrently; try again');
    releasing = active.run_id;
  }
}

const sameCycles = (a: readonly string[], b: readonly string[]) => new Set(a).size === new Set(b).size && a.every((c) => b.includes(c));

/** A trigger asking for another kind of run than the active one is refused, naming it. */
export function assertSameKind(active: Pick<RunRequestedData, 'run_id' | 'board_type' | 'project_key' | 'dry_run' | 'cycles'>, asked: { dry_run?: boolean; cycles?: readonly string[] }): void {
  const differences: string[] = [];
  if (asked.dry_run !== undefined && asked.dry_run !== active.dry_run) differences.push(`dry_run ${String(active.dry_run)}`);
  if (asked.cycles && asked.cycles.length > 0 && !sameCycles(asked.cycles, active.cycles)) differences.push(`cycles ${active.cycles.join(', ')}`);
  if (differences.length === 0) return;
  throw conflict(
    `Run ${active.run_id} is already active for ${active.board_type} ${active.project_key} with ${differences.join(' and ')}; cancel it (POST /api/runs/${active.run_id}/cancel) or wait for it to end`,
  );
}
