// Accepted proposals become board items (docs/backlog.md). Level-triggered like the run processor:
// `reconcile(proposalId)` looks at the proposal's state and does the next step, so handling an event
// twice, or resuming after a crash, is safe.
//
// Applying one proposal (the run executor's rule, docs/architecture.md "Runs"):
//   1. append ProposalApplyStarted (the intent) with the stream's expected revision;
//   2. createItem on the board, with the marker label `sprintguard-<12 hex of the id>`;
//   3. append ProposalApplied {provider_key} or ProposalApplyFailed {message}.
// createItem has no idempotency key, so a proposal found "applying" on load (a crash between 1 and 3)
// is first looked up on the board: an active item of the project carrying the marker label is the
// one created before the crash. Only when none is found is the item created (again). The lookup reads
// active items only (listActiveItems): an item created, then closed on the board before the restart,
// is not found and would be created twice — docs/backlog.md records this limit.
import type { EventStore } from '../adapters/event-store.js';
import { BoardProviderError, type BoardProvider } from '../adapters/boards/board-provider.js';
import { handleCommand, loadStream, type CommandContext } from '../commands/handle-command.js';
import { proposalDecider, proposalMarkerLabel, type ProposalCommand, type ProposalState } from '../domain/proposal.decider.js';
import { idOfStream, proposalStreamId, streamCategories } from '../domain/streams.js';
import type { Reactor } from './reactor.js';
import { BoardNotConfiguredError, type BoardProviders } from './run-processor.js';

export interface ProposalApplierDeps {
  store: EventStore;
  boards: BoardProviders;
  now: () => Date;
  /** Most active items read when looking for an item created before a crash. */
  lookupLimit?: number;
}

const SYSTEM: CommandContext = { user_id: 'system', correlation_id: 'proposal-applier' };

export function createProposalApplier(deps: ProposalApplierDeps) {
  const lookupLimit = deps.lookupLimit ?? 1_000;
  const load = async (id: string) => (await loadStream(deps.store, proposalStreamId(id), proposalDecider)).state;
  // `trace`: the reactor step's traceparent (tracing on), the parent of these appends and board calls.
  const command = (id: string, orgId: string, cmd: ProposalCommand, trace: string | undefined) =>
    handleCommand({
      store: deps.store,
      streamId: proposalStreamId(id),
      decider: proposalDecider,
      command: cmd,
      context: { ...SYSTEM, org_id: orgId, correlation_id: id, ...(trace ? { traceparent: trace } : {}) },
    });

  const fail = (id: string, orgId: string, message: string, trace: string | undefined) =>
    command(id, orgId, { type: 'RecordApplyOutcome', outcome: 'failed', message, now: deps.now() }, trace);

  /** After a crash: the item created for this proposal, if it is on the board. */
  async function findCreated(provider: BoardProvider, state: ProposalState): Promise<{ key: string; id: string; url?: string } | undefined> {
    const p = state.proposal!;
    const marker = proposalMarkerLabel(p.proposal_id);
    const items = await provider.listActiveItems(p.project_key, { limit: lookupLimit });
    const found = items.find((i) => i.labels.includes(marker));
    return found ? { key: found.key, id: found.id, ...(found.url ? { url: found.url } : {}) } : undefined;
  }

  async function apply(id: string, state: ProposalState, interrupted: boolean, trace: string | undefined): Promise<void> {
    const p = state.proposal!;
    let provider: BoardProvider;
    try {
      provider = await deps.boards.forOrg(p.org_id, p.board_type, trace);
    } catch (err) {
      if (err instanceof BoardNotConfiguredError) {
        await fail(id, p.org_id, err.message, trace);
        return;
      }
      throw err;
    }
    if (interrupted) {
      // A failed lookup throws: the reactor retries later rather than risk a second item.
      const found = await findCreated(provider, state);
      if (found) {
        await command(id, p.org_id, { type: 'RecordApplyOutcome', outcome: 'applied', providerKey: found.key, providerId: found.id, ...(found.url ? { url: found.url } : {}), reconciled: true, now: deps.now() }, trace);
        return;
      }
    }
    let created: { id: string; key: string; url?: string };
    try {
      created = await provider.createItem(p.project_key, {
        title: p.title,
        ...(p.description ? { description: p.description } : {}),
        kind: p.kind,
        labels: [...p.labels, proposalMarkerLabel(p.proposal_id)],
        ...(p.priority !== undefined ? { priority: p.priority } : {}),
      });
    } catch (err) {
      if (!(err instanceof BoardProviderError)) throw err;
      // The board may have created it all the same (a timeout, a 5xx): look before calling it failed.
      // A failed lookup throws, and the reactor comes back to this "applying" proposal later.
      const found = err.details.maybeApplied ? await findCreated(provider, state) : undefined;
      if (found) {
        await command(id, p.org_id, { type: 'RecordApplyOutcome', outcome: 'applied', providerKey: found.key, providerId: found.id, ...(found.url ? { url: found.url } : {}), reconciled: true, now: deps.now() }, trace);
        return;
      }
      await fail(id, p.org_id, `Creating the item failed: ${err.message}`, trace);
      return;
    }
    await command(id, p.org_id, {
      type: 'RecordApplyOutcome',
      outcome: 'applied',
      providerKey: created.key,
      providerId: created.id,
      ...(created.url ? { url: created.url } : {}),
      reconciled: false,
      now: deps.now(),
    }, trace);
  }

  return {
    load,
    /** Applies the proposal when it is accepted, or resumes an interrupted application. */
    async reconcile(id: string, signal?: AbortSignal, trace?: string): Promise<void> {
      if (signal?.aborted) return;
      const state = await load(id);
      if (!state.proposal) return;
      if (state.status === 'accepted') {
        const intent = await command(id, state.proposal.org_id, { type: 'StartApply', now: deps.now() }, trace);
        if (intent.events.length === 0) return; // moved on meanwhile; its own event will wake us
        await apply(id, intent.state, false, trace);
      } else if (state.status === 'applying') {
        await apply(id, state, true, trace);
      }
    },
  };
}

export type ProposalApplier = ReturnType<typeof createProposalApplier>;

/** Events after which a proposal may have work to do. */
const WAKING = new Set(['ProposalAccepted', 'ProposalApplyStarted']);

export function createProposalApplierReactor(applier: ProposalApplier): Reactor {
  return {
    name: 'proposal_applier',
    filter: { streamPrefixes: [streamCategories.proposal] },
    async handle(event, signal, traceparent) {
      if (!WAKING.has(event.type)) return;
      const id = idOfStream('proposal', event.streamName);
      if (id) await applier.reconcile(id, signal, traceparent);
    },
  };
}
