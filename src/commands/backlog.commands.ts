// Command handlers of backlog proposals and meeting ingests (docs/backlog.md).
//
// Creating a proposal appends ProposalCreated to `proposal-<id>` with expected revision `no_stream`;
// the id is derived from (org, board, project, normalized title), so a duplicate is refused by the
// store itself, also between two concurrent requests, and handleCommand then finds it created.
// Proposals of another organization are "not found", exactly like proposals that do not exist.
import { createHash, randomUUID } from 'node:crypto';
import { comparePositions, type EventStore, type Position } from '../adapters/event-store.js';
import { DomainError } from '../domain/errors.js';
import { extractWithRules } from '../domain/extraction/rules.js';
import type { Extraction, TranscriptExtractor } from '../domain/extraction/extraction.js';
import { meetingDecider } from '../domain/meeting.decider.js';
import type { ExtractedProposalRecord, ProposalsExtractedData } from '../domain/meeting.events.js';
import type { BoardType } from '../domain/org.events.js';
import type { OrgState } from '../domain/org.decider.js';
import { proposalDecider, proposalIdFor, proposalTenancy, type ProposalCommand, type ProposalState } from '../domain/proposal.decider.js';
import type { ProposalCreatedData, ProposalEvent, ProposalKind } from '../domain/proposal.events.js';
import { meetingStreamId, proposalStreamId } from '../domain/streams.js';
import { ownedState, scopedTo } from '../domain/tenancy.js';
import { handleCommand, loadStream, type CommandContext, type CommandResult } from './handle-command.js';
import type { StateCache } from './state-cache.js';

export const MAX_IMPORT_ITEMS = 200;
export const MAX_TRANSCRIPT_CHARS = 200_000;
export const MAX_BULK_DECISIONS = 200;
/** Concurrent appends of one request: enough to hide round trips, few enough to leave the pool to others. */
const APPEND_CONCURRENCY = 8;

export interface BacklogCommandDeps {
  store: EventStore;
  now: () => Date;
  newId?: () => string;
  loadOrg: (orgId: string) => Promise<OrgState>;
  /** The language-model extractor when LLM_API_URL and LLM_API_KEY are configured. */
  llmExtractor?: TranscriptExtractor;
  cache?: StateCache;
}

export interface ProposalDraft {
  title: string;
  description?: string;
  kind?: ProposalKind;
  labels?: string[];
  priority?: number;
  evidence?: string;
}

export interface ImportRequest {
  board_type: BoardType;
  project_key: string;
  items: ProposalDraft[];
}

export interface IngestRequest {
  transcript: string;
  board_type: BoardType;
  project_key: string;
  title?: string;
  occurred_at?: string;
}

export interface CreatedProposalRef {
  /** Position of the item in the request (or in the extraction). */
  index: number;
  id: string;
  title: string;
  /** Duplicates only: the existing proposal's status, and for a rejected one where to reopen it. */
  status?: string;
  reopen?: string;
}

export interface CreateOutcome {
  created: CreatedProposalRef[];
  duplicates: CreatedProposalRef[];
  /** The furthest global position appended, for read-your-writes; undefined when nothing was appended. */
  position: Position | undefined;
}

export type BulkDecisionResult =
  | { proposal_id: string; result: 'decided'; status: string }
  | { proposal_id: string; result: 'conflict' | 'not_found'; detail: string };

/** Unicode code points: what a person calls characters (a JS string's length counts UTF-16 units). */
export function countCharacters(text: string, stopAfter = Infinity): number {
  if (text.length <= stopAfter) {
    let n = 0;
    for (const _ of text) n++;
    return n;
  }
  let n = 0;
  for (const _ of text) if (++n > stopAfter) return n;
  return n;
}

const later = (a: Position | undefined, b: Position | undefined) => (!a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b);

async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function createBacklogCommands(deps: BacklogCommandDeps) {
  const newId = deps.newId ?? (() => randomUUID());

  /**
   * Creates one proposal per draft. Drafts with the same id inside one request: the first is the
   * candidate, the others are duplicates of it. Each candidate is appended with `no_stream`.
   */
  async function createProposals(
    orgId: string,
    target: { board_type: BoardType; project_key: string },
    drafts: readonly ProposalDraft[],
    source: { source: 'import' } | { source: 'meeting'; meeting_id: string },
    context: CommandContext,
  ): Promise<CreateOutcome> {
    const at = deps.now().toISOString();
    const ctx = { ...context, org_id: orgId };
    const seen = new Set<string>();
    const candidates: { index: number; data: ProposalCreatedData }[] = [];
    const created: CreatedProposalRef[] = [];
    const duplicates: CreatedProposalRef[] = [];
    drafts.forEach((draft, index) => {
      const title = draft.title.replace(/\s+/g, ' ').trim();
      const id = proposalIdFor(orgId, target.board_type, target.project_key, title);
      if (seen.has(id)) {
        duplicates.push({ index, id, title });
        return;
      }
      seen.add(id);
      const labels = [...new Set((draft.labels ?? []).map((l) => l.trim()).filter(Boolean))];
      candidates.push({
        index,
        data: {
          proposal_id: id,
          org_id: orgId,
          board_type: target.board_type,
          project_key: target.project_key,
          ...source,
          title,
          ...(draft.description?.trim() ? { description: draft.description.trim() } : {}),
          kind: draft.kind ?? 'task',
          labels,
          ...(draft.priority !== undefined ? { priority: draft.priority } : {}),
          ...(draft.evidence ? { evidence: draft.evidence } : {}),
          created_by: context.user_id,
          at,
        },
      });
    });
    let position: Position | undefined;
    await inParallel(candidates, APPEND_CONCURRENCY, async ({ index, data }) => {
      const ref = { index, id: data.proposal_id, title: data.title };
      // A new stream is expected: a proposal already there makes the decider append nothing.
      const result = await handleCommand({
        store: deps.store,
        streamId: proposalStreamId(data.proposal_id),
        decider: proposalDecider,
        command: { type: 'CreateProposal', proposal: data },
        context: ctx,
        expectedRevision: 'no_stream',
        eventId: () => newId(),
      });
      if (result.events.length === 0) {
        // Say what the existing proposal is: a rejected one is not silently swallowed, it can be reopened.
        const existing = result.state.status;
        duplicates.push({
          ...ref,
          ...(existing ? { status: existing } : {}),
          ...(existing === 'rejected' ? { reopen: `/api/backlog-proposals/${data.proposal_id}/reopen` } : {}),
        });
      } else {
        position = later(position, result.position);
        created.push(ref);
      }
    });
    const byIndex = (a: CreatedProposalRef, b: CreatedProposalRef) => a.index - b.index;
    return { created: created.sort(byIndex), duplicates: duplicates.sort(byIndex), position };
  }

  const isDryRun = async (orgId: string, decision: 'accept' | 'reject') => decision === 'accept' && (await deps.loadOrg(orgId)).settings.write_mode === 'dry_run';

  const proposal = (orgId: string, proposalId: string, command: ProposalCommand, context: CommandContext): Promise<CommandResult<ProposalState, ProposalEvent>> =>
    handleCommand({ store: deps.store, streamId: proposalStreamId(proposalId), decider: scopedTo(proposalDecider, proposalTenancy, orgId), command, context, cache: deps.cache });

  /** Rule-based unless a model is configured and the organization turned llm_extraction on; the model's failure falls back to the rules. */
  async function extract(org: OrgState, body: IngestRequest): Promise<{ extraction: Extraction; extractor: 'rules' | 'llm'; fallback_reason?: string }> {
    if (!org.flags.llm_extraction) return { extraction: extractWithRules(body.transcript), extractor: 'rules' };
    if (!deps.llmExtractor) {
      return { extraction: extractWithRules(body.transcript), extractor: 'rules', fallback_reason: 'no language model is configured (LLM_API_URL, LLM_API_KEY)' };
    }
    const outcome = await deps.llmExtractor.extract(body.transcript, { projectKey: body.project_key, ...(body.title ? { title: body.title } : {}) });
    if (outcome.ok) return { extraction: outcome.extraction, extractor: 'llm' };
    return { extraction: extractWithRules(body.transcript), extractor: 'rules', fallback_reason: `language model: ${outcome.reason}` };
  }

  return {
    /** POST /api/import/backlog: one proposal per item, source `import`. */
    importBacklog(orgId: string, body: ImportRequest, context: CommandContext): Promise<CreateOutcome> {
      if (body.items.length > MAX_IMPORT_ITEMS) {
        throw new DomainError('invalid', `body/items must hold at most ${MAX_IMPORT_ITEMS} items (the import limit), not ${body.items.length}`);
      }
      return createProposals(orgId, body, body.items, { source: 'import' }, context);
    },

    /**
     * POST /api/meetings/ingest:
     * 1. refuse unless the meeting_ingest flag is on, and transcripts over the limit (413);
     * 2. record the ingest on `meeting-<id>`;
     * 3. extract (model or rules), create the proposals (source `meeting`, deduplicated like imports);
     * 4. record what was extracted and what each proposal became.
     */
    async ingestMeeting(orgId: string, body: IngestRequest, context: CommandContext) {
      const org = await deps.loadOrg(orgId);
      if (!org.flags.meeting_ingest) throw new DomainError('forbidden', 'Meeting ingest needs the meeting_ingest feature flag to be on');
      const chars = countCharacters(body.transcript, MAX_TRANSCRIPT_CHARS);
      if (chars > MAX_TRANSCRIPT_CHARS) {
        throw new DomainError('payload_too_large', `The transcript is too large: at most ${MAX_TRANSCRIPT_CHARS.toLocaleString('en-US')} characters`);
      }
      if (chars === 0 || body.transcript.trim() === '') throw new DomainError('invalid', 'body/transcript must not be empty');
      const meetingId = newId();
      const ctx = { ...context, org_id: orgId };
      const now = deps.now().toISOString();
      await handleCommand({
        store: deps.store,
        streamId: meetingStreamId(meetingId),
        decider: meetingDecider,
        context: ctx,
        command: {
          type: 'RecordIngest',
          meeting: {
            meeting_id: meetingId,
            org_id: orgId,
            board_type: body.board_type,
            project_key: body.project_key,
            ...(body.title ? { title: body.title } : {}),
            ...(body.occurred_at ? { occurred_at: body.occurred_at } : {}),
            transcript: body.transcript,
            transcript_sha256: createHash('sha256').update(body.transcript).digest('hex'),
            transcript_chars: chars,
            ingested_by: context.user_id,
            at: now,
          },
        },
      });
      const { extraction, extractor, fallback_reason } = await extract(org, body);
      const source = body.title ? `From the meeting "${body.title}"` : 'From a meeting';
      const drafts: ProposalDraft[] = extraction.items.map((item) => ({
        title: item.title,
        description: [item.description, item.assignee ? `Suggested assignee: ${item.assignee}` : undefined, `${source}: ${item.evidence}`]
          .filter(Boolean)
          .join('\n\n'),
        kind: item.kind,
        evidence: item.evidence,
      }));
      const outcome = await createProposals(orgId, body, drafts, { source: 'meeting', meeting_id: meetingId }, ctx);
      const createdIds = new Set(outcome.created.map((c) => c.index));
      const records: ExtractedProposalRecord[] = extraction.items.map((item, index) => ({
        proposal_id: proposalIdFor(orgId, body.board_type, body.project_key, item.title),
        title: item.title,
        kind: item.kind,
        assignee: item.assignee,
        evidence: item.evidence,
        outcome: createdIds.has(index) ? 'created' : 'duplicate',
      }));
      const extracted: ProposalsExtractedData = {
        extractor,
        ...(fallback_reason ? { fallback_reason } : {}),
        proposals: records,
        follow_ups: extraction.follow_ups,
        at: deps.now().toISOString(),
      };
      const recorded = await handleCommand({
        store: deps.store,
        streamId: meetingStreamId(meetingId),
        decider: meetingDecider,
        context: ctx,
        command: { type: 'RecordExtraction', extraction: extracted },
      });
      return {
        meeting_id: meetingId,
        transcript_chars: chars,
        extractor,
        fallback_reason: fallback_reason ?? null,
        proposals: records,
        follow_ups: extraction.follow_ups,
        created: outcome.created,
        duplicates: outcome.duplicates,
        position: later(outcome.position, recorded.position),
      };
    },

    /** An acceptance under the dry_run write mode is recorded as such and never written to the board. */
    decide: async (orgId: string, proposalId: string, decision: 'accept' | 'reject', reason: string | undefined, context: CommandContext) =>
      proposal(orgId, proposalId, { type: 'DecideProposal', decision, by: context.user_id, ...(reason ? { reason } : {}), dryRun: await isDryRun(orgId, decision), now: deps.now() }, context),

    /** POST /api/backlog-proposals/{id}/reopen: a rejected proposal is pending again. */
    reopen: (orgId: string, proposalId: string, reason: string | undefined, context: CommandContext) =>
      proposal(orgId, proposalId, { type: 'ReopenProposal', by: context.user_id, ...(reason ? { reason } : {}), now: deps.now() }, context),

    /** One result per distinct id, in request order: decided, conflict (already decided) or not_found. */
    async decideMany(orgId: string, proposalIds: readonly string[], decision: 'accept' | 'reject', reason: string | undefined, context: CommandContext) {
      const ids = [...new Set(proposalIds)];
      const dryRun = await isDryRun(orgId, decision);
      const results = new Map<string, BulkDecisionResult>();
      let position: Position | undefined;
      await inParallel(ids, APPEND_CONCURRENCY, async (id) => {
        try {
          const result = await proposal(orgId, id, { type: 'DecideProposal', decision, by: context.user_id, ...(reason ? { reason } : {}), dryRun, now: deps.now() }, context);
          position = later(position, result.position);
          results.set(id, { proposal_id: id, result: 'decided', status: result.state.status! });
        } catch (err) {
          if (!(err instanceof DomainError) || (err.code !== 'conflict' && err.code !== 'not_found')) throw err;
          results.set(id, { proposal_id: id, result: err.code, detail: err.message });
        }
      });
      return { results: ids.map((id) => results.get(id)!), position };
    },

    /** The proposal's state from its stream; not found for other organizations. */
    async load(orgId: string, proposalId: string): Promise<ProposalState> {
      const { state } = await loadStream(deps.store, proposalStreamId(proposalId), proposalDecider, deps.cache);
      return ownedState(proposalTenancy, orgId, state);
    },
  };
}

export type BacklogCommands = ReturnType<typeof createBacklogCommands>;
