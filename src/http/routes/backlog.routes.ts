// Backlog: import, meeting ingest, the proposals list and decisions (docs/backlog.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { Knex } from 'knex';
import type { Position } from '../../adapters/event-store.js';
import { MAX_TRANSCRIPT_CHARS, type BacklogCommands } from '../../commands/backlog.commands.js';
import { DomainError, notFound } from '../../domain/errors.js';
import { importBodyErrors } from '../schemas/import-validation.js';
import { getProposal, listProposals, proposalViewFromState } from '../../queries/backlog-proposals.query.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses, DetailErrorSchema } from '../schemas/common.schemas.js';
import {
  BulkDecisionBodySchema,
  BulkDecisionResultSchema,
  DecisionBodySchema,
  ImportBodySchema,
  ImportResultSchema,
  IngestBodySchema,
  IngestResultSchema,
  ListProposalsQuerySchema,
  ProposalParamsSchema,
  ProposalSchema,
  ReopenBodySchema,
} from '../schemas/backlog.schemas.js';

export interface BacklogRouteDeps {
  knex: Knex;
  backlog: BacklogCommands;
  /** Waits (bounded) until the backlog_proposals read model includes `position`. */
  awaitProposals(position: Position | undefined): Promise<void>;
}

/**
 * Body limit of the ingest route: 200,000 characters of at most 6 bytes each (a character JSON
 * escapes as \uXXXX, as Python's json.dumps does for anything outside ASCII), plus 64 KiB for the
 * JSON around them. The limit itself is counted in characters after parsing (the handler, 413);
 * this only bounds what is read. Fastify refuses a larger body with 413 from its Content-Length
 * (or while streaming a chunked body) without buffering it; the errors plugin renders it as {detail}.
 */
export const INGEST_BODY_LIMIT = MAX_TRANSCRIPT_CHARS * 6 + 64 * 1024;
/** 200 items of at most 255 + 10,000 + 20 × 64 characters. */
export const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

export const backlogRoutes: FastifyPluginAsyncTypebox<BacklogRouteDeps> = async (app, deps) => {
  app.post(
    '/api/import/backlog',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // The handler lists every bad item in one 400 (import-validation.ts), not only the first error.
      attachValidation: true,
      config: { permission: 'backlog:write' },
      schema: {
        tags: ['backlog'],
        summary: 'Create backlog proposals (source import), at most 200 per request; existing ones are reported as duplicates',
        body: ImportBodySchema,
        response: { 200: ImportResultSchema, 201: ImportResultSchema, 413: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request, reply) => {
      if (request.validationError) {
        const errors = importBodyErrors(request.body);
        throw new DomainError('invalid', errors.length > 0 ? errors.join('; ') : `body ${request.validationError.message}`);
      }
      const outcome = await deps.backlog.importBacklog(request.orgId, request.body, commandContext(request));
      await deps.awaitProposals(outcome.position);
      return reply.code(outcome.created.length > 0 ? 201 : 200).send({
        created_count: outcome.created.length,
        duplicate_count: outcome.duplicates.length,
        created: outcome.created,
        duplicates: outcome.duplicates,
      });
    },
  );

  app.post(
    '/api/meetings/ingest',
    {
      bodyLimit: INGEST_BODY_LIMIT,
      config: { permission: 'meetings:ingest' },
      schema: {
        tags: ['backlog'],
        summary: 'Extract backlog proposals (source meeting) from a transcript of at most 200,000 characters; larger input answers 413',
        body: IngestBodySchema,
        response: { 201: IngestResultSchema, 413: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request, reply) => {
      const { position, created, duplicates, ...result } = await deps.backlog.ingestMeeting(request.orgId, request.body, commandContext(request));
      await deps.awaitProposals(position);
      return reply.code(201).send({ ...result, created_count: created.length, duplicate_count: duplicates.length });
    },
  );

  app.get(
    '/api/backlog-proposals',
    {
      config: { permission: 'app:read' },
      schema: {
        tags: ['backlog'],
        summary: 'Backlog proposals, newest first; q searches title and description (full text, best match first)',
        querystring: ListProposalsQuerySchema,
        response: { 200: Type.Array(ProposalSchema), ...authErrorResponses },
      },
    },
    async (request) => listProposals(deps.knex, request.orgId, request.query),
  );

  app.post(
    '/api/backlog-proposals/:proposal_id/decision',
    {
      config: { permission: 'backlog:decide' },
      schema: {
        tags: ['backlog'],
        summary: 'Accept (creates the item on the board) or reject one proposal; a decided proposal answers 409',
        params: ProposalParamsSchema,
        body: DecisionBodySchema,
        response: { 200: ProposalSchema, 404: DetailErrorSchema, 409: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const { proposal_id: id } = request.params;
      const result = await deps.backlog.decide(request.orgId, id, request.body.decision, request.body.reason, commandContext(request));
      await deps.awaitProposals(result.position);
      const view = await getProposal(deps.knex, request.orgId, id);
      if (view && view.status !== 'pending') return view;
      if (!result.state.proposal) throw notFound('Proposal not found');
      return proposalViewFromState(result.state, result.events[0]);
    },
  );

  app.post(
    '/api/backlog-proposals/:proposal_id/reopen',
    {
      config: { permission: 'backlog:decide' },
      schema: {
        tags: ['backlog'],
        summary: 'Make a rejected proposal pending again (an import of the same title reports it as rejected with this path)',
        params: ProposalParamsSchema,
        body: ReopenBodySchema,
        response: { 200: ProposalSchema, 404: DetailErrorSchema, 409: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const { proposal_id: id } = request.params;
      const result = await deps.backlog.reopen(request.orgId, id, request.body?.reason, commandContext(request));
      await deps.awaitProposals(result.position);
      const view = await getProposal(deps.knex, request.orgId, id);
      if (view && view.status === 'pending') return view;
      return proposalViewFromState(result.state);
    },
  );

  app.post(
    '/api/backlog-proposals/decision',
    {
      config: { permission: 'backlog:decide' },
      schema: {
        tags: ['backlog'],
        summary: 'Decide several proposals; one result per id: decided, conflict (already decided) or not_found',
        body: BulkDecisionBodySchema,
        response: { 200: BulkDecisionResultSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const { results, position } = await deps.backlog.decideMany(request.orgId, request.body.proposal_ids, request.body.decision, request.body.reason, commandContext(request));
      await deps.awaitProposals(position);
      const count = (r: string) => results.filter((x) => x.result === r).length;
      return { decided: count('decided'), conflicts: count('conflict'), not_found: count('not_found'), results };
    },
  );
};
