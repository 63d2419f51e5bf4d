// GET /api/runs/export and GET /api/runs/{run_id}/actions/export: CSV (streamed) or PDF.
// Each export takes a slot (per process and per organization, else 429 + Retry-After), runs in a
// database session with its own statement and idle-in-transaction timeouts, and is cut off when its
// reader stops reading (src/http/export-limits.ts).
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Knex } from 'knex';
import type pg from 'pg';
import { DomainError, notFound } from '../../domain/errors.js';
import { getRun } from '../../queries/runs.query.js';
import { actionsCsv, actionsPdf, runsCsv, runsPdf, type RunExportFilters } from '../../queries/exports/run-exports.js';
import type { ExportSessionLimits } from '../../queries/exports/export-session.js';
import { DEFAULT_EXPORT_SESSION } from '../../queries/exports/export-session.js';
import { createExportSlots, DEFAULT_EXPORT_LIMITS, guardExportResponse, type ExportLimitOptions } from '../export-limits.js';
import { authErrorResponses, DetailErrorSchema, OneOf } from '../schemas/common.schemas.js';
import { BoardTypeFilter, ProjectKeyFilter, RunParamsSchema } from '../schemas/runs.schemas.js';
import { parseIsoDate } from '../iso-date.js';

const Format = Type.Optional(OneOf(['csv', 'pdf'], { default: 'csv', description: 'the file format' }));
const IsoDate = (description: string) => Type.String({ minLength: 10, maxLength: 40, description: `${description}: an ISO date or time`, examples: ['2026-11-01'] });

const RunsExportQuery = Type.Object(
  {
    format: Format,
    board_type: Type.Optional(BoardTypeFilter),
    project_key: Type.Optional(ProjectKeyFilter),
    from: Type.Optional(IsoDate('from this time, included (runs by request time, a run\'s actions by their latest change)')),
    to: Type.Optional(IsoDate('before this time')),
  },
  { additionalProperties: false },
);

const fileResponses = {
  200: { description: 'text/csv or application/pdf', content: { 'text/csv': { schema: { type: 'string' } }, 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
  404: DetailErrorSchema,
  ...authErrorResponses,
};

/** The value as an ISO instant for the query; a value that names no real date or time is a 400. */
function checkDate(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const date = parseIsoDate(value);
  if (!date) throw new DomainError('invalid', `querystring/${field} must be an ISO date (YYYY-MM-DD) or date-time that exists`);
  return date.toISOString();
}

function dateFilters<T extends { from?: string | undefined; to?: string | undefined }>(filters: T): T {
  const from = checkDate('from', filters.from);
  const to = checkDate('to', filters.to);
  return { ...filters, ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export interface ExportRouteDeps {
  knex: Knex;
  /** The pool exports read from (its own, ideally: src/adapters/postgres/database.ts createExportPool). */
  pool: pg.Pool;
  now: () => Date;
  /** Concurrency and stall limits (default DEFAULT_EXPORT_LIMITS). */
  limits?: ExportLimitOptions;
  /** statement_timeout and idle_in_transaction_session_timeout of each export (default DEFAULT_EXPORT_SESSION). */
  session?: ExportSessionLimits;
}

export const exportRoutes: FastifyPluginAsyncTypebox<ExportRouteDeps> = async (app, deps) => {
  const limits = deps.limits ?? DEFAULT_EXPORT_LIMITS;
  const session = deps.session ?? DEFAULT_EXPORT_SESSION;
  const slots = createExportSlots(limits);
  /** Takes the caller's slot; it is given back when the response is over. */
  const takeSlot = (request: { orgId: string }, reply: Parameters<typeof guardExportResponse>[0]) => {
    const release = slots.acquire(request.orgId);
    guardExportResponse(reply, release, limits.stallTimeoutMs);
  };
  app.get(
    '/api/runs/export',
    {
      config: { permission: 'exports:read' },
      schema: { tags: ['exports'], summary: 'Export the filtered run history as CSV (default) or PDF', querystring: RunsExportQuery, response: fileResponses },
    },
    async (request, reply) => {
      const { format = 'csv', ...query } = request.query;
      const f: RunExportFilters = dateFilters(query);
      const stamp = deps.now().toISOString().slice(0, 10);
      takeSlot(request, reply);
      if (format === 'pdf') {
        const pdf = await runsPdf(deps.pool, request.orgId, f, deps.now(), session);
        return reply.type('application/pdf').header('content-disposition', `attachment; filename="runs-${stamp}.pdf"`).send(Buffer.from(pdf));
      }
      const csv = await runsCsv(deps.pool, request.orgId, f, session);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="runs-${stamp}.csv"`).send(csv);
    },
  );

  app.get(
    '/api/runs/:run_id/actions/export',
    {
      config: { permission: 'exports:read' },
      schema: {
        tags: ['exports'],
        summary: "Export one run's action log as CSV (default) or PDF; board_type/project_key filter the run, from/to the actions' latest change",
        params: RunParamsSchema,
        querystring: RunsExportQuery,
        response: fileResponses,
      },
    },
    async (request, reply) => {
      const { run_id: runId } = request.params;
      const { format = 'csv', ...query } = request.query;
      const filters = dateFilters(query);
      if (!(await getRun(deps.knex, request.orgId, runId))) throw notFound('Run not found');
      const name = `run-${runId.replace(/[^A-Za-z0-9-]/g, '')}-actions`;
      takeSlot(request, reply);
      if (format === 'pdf') {
        const pdf = await actionsPdf(deps.pool, request.orgId, runId, deps.now(), filters, session);
        return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}.pdf"`).send(Buffer.from(pdf));
      }
      const csv = await actionsCsv(deps.pool, request.orgId, runId, filters, session);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}.csv"`).send(csv);
    },
  );
};
