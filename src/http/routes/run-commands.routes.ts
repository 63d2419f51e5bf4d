// Run commands: trigger, the approval flow (start/execute), confirmation, approvals and rejection.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Position } from '../../adapters/event-store.js';
import { notFound } from '../../domain/errors.js';
import { decidedActionView } from '../../queries/run-views.js';
import { getRun } from '../../queries/runs.query.js';
import type { CommandResult } from '../../commands/handle-command.js';
import type { RunState } from '../../domain/run.decider.js';
import type { RunEvent } from '../../domain/run.events.js';
import { commandContext } from '../request-context.js';
import { authErrorResponses, DetailErrorSchema } from '../schemas/common.schemas.js';
import {
  AcceptedRunSchema,
  ActionParamsSchema,
  ActionSchema,
  ReasonBodySchema,
  RunParamsSchema,
  RunRequestBodySchema,
  RunSchema,
  TriggeredRunSchema,
  type ActionView,
} from '../schemas/runs.schemas.js';
import type { RunRouteDeps } from './run-route-deps.js';

const runResponses = { 200: RunSchema, 202: AcceptedRunSchema, 404: DetailErrorSchema, 409: DetailErrorSchema, ...authErrorResponses };
const actionResponses = { 200: ActionSchema, 404: DetailErrorSchema, 409: DetailErrorSchema, ...authErrorResponses };

export const runCommandRoutes: FastifyPluginAsyncTypebox<RunRouteDeps> = async (app, deps) => {
  /**
   * The run after a write (at `position`, or the run stream's end), or undefined when the read model
   * has not caught up within the wait: the row it holds then is the run before the write (or none),
   * and answering it would show a confirmed run as awaiting confirmation.
   */
  const runAfterWrite = async (request: FastifyRequest, runId: string, position?: Position) => {
    if (!(await deps.awaitRun(runId, position))) return undefined;
    return getRun(deps.knex, request.orgId, runId);
  };
  /**
   * The write happened (the stream has it) but the read model lags past the wait: 202 with the
   * status the write left and where to read the run; never 404, which would invite a retry and a
   * duplicate, nor the stale row.
   */
  const accepted = (reply: FastifyReply, runId: string, status: string | undefined) =>
    reply
      .code(202)
      .header('location', `/api/runs/${runId}`)
      .send({ id: runId, status: status ?? 'planning', detail: 'Recorded; the run is not readable yet: read it at the Location' });
  /**
   * The decided action, from the command's result (decidedActionView), as soon as it is appended: the
   * response does not wait for the runs read model; the caller's next reads do (read-your-writes.ts).
   */
  const decidedAction = (request: FastifyRequest, reply: FastifyReply, runId: string, actionId: string, result: CommandResult<RunState, RunEvent>): ActionView => {
    const action = decidedActionView(runId, actionId, result.state, result.events);
    if (!action) throw notFound('Action not found');
    deps.consistency.wrote(request, reply, result.position);
    return action;
  };

  app.post(
    '/api/runs/trigger',
    {
      config: { permission: 'runs:trigger' },
      schema: {
        tags: ['runs'],
        summary: 'Start a guarded run, or resume the non-terminal run of the same board and project',
        body: RunRequestBodySchema,
        response: { 200: TriggeredRunSchema, 201: TriggeredRunSchema, 202: AcceptedRunSchema, 409: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request, reply) => {
      const { runId, resumed, state } = await deps.runCommands.trigger(request.orgId, request.body, commandContext(request));
      const run = await runAfterWrite(request, runId);
      if (!run) return accepted(reply, runId, state.status);
      return reply.code(resumed ? 200 : 201).header('location', `/api/runs/${runId}`).send({ ...run, resumed });
    },
  );

  app.post(
    '/api/runs/start',
    {
      config: { permission: 'runs:trigger' },
      schema: {
        tags: ['runs'],
        summary: 'Approval flow: start a run that plans and waits for approvals whatever the write mode',
        body: RunRequestBodySchema,
        response: { 201: RunSchema, 202: AcceptedRunSchema, 409: DetailErrorSchema, ...authErrorResponses },
      },
    },
    async (request, reply) => {
      const { runId, state } = await deps.runCommands.start(request.orgId, request.body, commandContext(request));
      const run = await runAfterWrite(request, runId);
      if (!run) return accepted(reply, runId, state.status);
      return reply.code(201).header('location', `/api/runs/${runId}`).send(run);
    },
  );

  const runCommand = (
    path: string,
    permission: 'runs:confirm' | 'runs:approve',
    summary: string,
    execute: (request: FastifyRequest<{ Params: { run_id: string }; Body: { reason?: string } | undefined }>) => Promise<CommandResult<RunState, RunEvent>>,
  ) =>
    app.post(
      path,
      { config: { permission }, schema: { tags: ['runs'], summary, params: RunParamsSchema, body: ReasonBodySchema, response: runResponses } },
      async (request, reply) => {
        const result = await execute(request);
        const run = await runAfterWrite(request, request.params.run_id, result.position);
        if (!run) return accepted(reply, request.params.run_id, result.state.status);
        return run;
      },
    );

  runCommand('/api/runs/:run_id/confirm', 'runs:confirm', 'Clear the run-level confirmation gate', (r) =>
    deps.runCommands.confirm(r.orgId, r.params.run_id, commandContext(r)),
  );
  runCommand('/api/runs/:run_id/execute', 'runs:approve', 'Approval flow: execute the approved actions (undecided ones are skipped)', (r) =>
    deps.runCommands.execute(r.orgId, r.params.run_id, commandContext(r)),
  );
  runCommand('/api/runs/:run_id/approve-all', 'runs:approve', 'Approve all remaining proposed actions of the run', (r) =>
    deps.runCommands.approveAll(r.orgId, r.params.run_id, commandContext(r)),
  );
  runCommand('/api/runs/:run_id/reject', 'runs:approve', 'Reject the run', (r) =>
    deps.runCommands.reject(r.orgId, r.params.run_id, r.body?.reason, commandContext(r)),
  );
  runCommand('/api/runs/:run_id/cancel', 'runs:approve', 'Cancel the run, also while it executes (actions already performed stay recorded)', (r) =>
    deps.runCommands.cancel(r.orgId, r.params.run_id, r.body?.reason, commandContext(r)),
  );

  app.post(
    '/api/runs/:run_id/actions/:action_id/approve',
    {
      config: { permission: 'runs:approve' },
      schema: { tags: ['approvals'], summary: 'Approve one action', params: ActionParamsSchema, body: ReasonBodySchema, response: actionResponses },
    },
    async (request, reply) => {
      const { run_id, action_id } = request.params;
      const result = await deps.runCommands.approveAction(request.orgId, run_id, action_id, commandContext(request));
      return decidedAction(request, reply, run_id, action_id, result);
    },
  );

  app.post(
    '/api/runs/:run_id/actions/:action_id/reject',
    {
      config: { permission: 'runs:approve' },
      schema: { tags: ['approvals'], summary: 'Reject one action', params: ActionParamsSchema, body: ReasonBodySchema, response: actionResponses },
    },
    async (request, reply) => {
      const { run_id, action_id } = request.params;
      const result = await deps.runCommands.rejectAction(request.orgId, run_id, action_id, request.body?.reason, commandContext(request));
      return decidedAction(request, reply, run_id, action_id, result);
    },
  );
};
