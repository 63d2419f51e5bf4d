// Produces the text answer of a chat request from the organization's read models and board:
// `status` from the runs and approvals read models, `next` and `blocked` from the connected
// board's active items, free questions from the language model (flag chat_assistant on and a model
// configured) with recent runs and active items as context. Every read is scoped to the org.
// Errors propagate: the route turns any of them into the generic answer.
import type { Knex } from 'knex';
import type { ChatAssistant, ChatHistoryRetriever } from '../adapters/llm/chat-assistant.js';
import type { BoardItem } from '../domain/board.js';
import {
  blockedAnswer,
  CHAT_ASSISTANT_UNAVAILABLE,
  CHAT_HELP,
  CHAT_NO_ASSISTANT,
  describeRun,
  nextAnswer,
  noProjectAnswer,
  statusAnswer,
} from '../domain/chat.answers.js';
import type { ChatAnsweredBy } from '../domain/chat.events.js';
import type { ParsedChatRequest } from '../domain/chat.parse.js';
import { DomainError } from '../domain/errors.js';
import { approvalStats } from '../queries/approvals.query.js';
import { listFeatureFlags } from '../queries/org-config.query.js';
import { listRuns } from '../queries/runs.query.js';
import type { ConnectedBoard } from './routes/run-route-deps.js';

export interface ChatAnswererDeps {
  knex: Knex;
  /** The organization's connected board; throws a DomainError when none is configured. */
  connectedBoard(orgId: string, trace?: string): Promise<ConnectedBoard>;
  /** Undefined when no language model is configured. */
  assistant?: ChatAssistant | undefined;
  retriever?: ChatHistoryRetriever | undefined;
  /** Why the assistant failed (logged, never answered). */
  onAssistantFailure?: (reason: string) => void;
}

export interface ChatAnswer {
  text: string;
  answeredBy: ChatAnsweredBy;
}

/** Items read for `blocked` (the port's pages are followed up to this many). */
const BLOCKED_SCAN_LIMIT = 200;
const CONTEXT_RUNS = 10;
const CONTEXT_ITEMS = 15;

export function createChatAnswerer(deps: ChatAnswererDeps) {
  /** The board, or the text explaining why there is none (a setup matter, not a failure). */
  // `trace`: the request's traceparent (tracing on), the parent of the board calls.
  async function board(orgId: string, trace: string | undefined): Promise<ConnectedBoard | string> {
    try {
      return await deps.connectedBoard(orgId, trace);
    } catch (err) {
      if (err instanceof DomainError) return err.message;
      throw err;
    }
  }

  async function boardItems(
    orgId: string,
    command: 'next' | 'blocked',
    projectKey: string | null,
    limit: number,
    trace: string | undefined,
  ): Promise<{ project: string; items: BoardItem[] } | { text: string }> {
    const connected = await board(orgId, trace);
    if (typeof connected === 'string') return { text: connected };
    const project = projectKey ?? connected.project_keys[0];
    if (!project) return { text: noProjectAnswer(command) };
    return { project, items: await connected.provider.listActiveItems(project, { limit }) };
  }

  async function assistantEnabled(orgId: string): Promise<boolean> {
    if (!deps.assistant) return false;
    const flags = await listFeatureFlags(deps.knex, orgId);
    return flags.some((f) => f.name === 'chat_assistant' && f.enabled);
  }

  async function context(orgId: string, question: string, trace: string | undefined) {
    const runs = (await listRuns(deps.knex, orgId, { limit: CONTEXT_RUNS })).map((r) => describeRun(r).replace(/^• /, ''));
    // Active items help answer "who works on…" questions; without a board the runs still do.
    let items: BoardItem[] = [];
    const connected = await board(orgId, trace);
    if (typeof connected !== 'string' && connected.project_keys[0]) {
      items = await connected.provider.listActiveItems(connected.project_keys[0], { limit: CONTEXT_ITEMS });
    }
    const retrieved = deps.retriever ? await deps.retriever.retrieve(orgId, question, { limit: 5 }) : [];
    return {
      orgId,
      runs,
      items: items.map((i) => `${i.key} ${i.title} — ${i.status}, ${i.priority ?? 'no priority'}, ${i.assignee?.name ?? 'unassigned'}${i.labels.length ? `, labels ${i.labels.join(', ')}` : ''}`),
      retrieved,
    };
  }

  return {
    async answer(orgId: string, request: ParsedChatRequest, trace?: string): Promise<ChatAnswer> {
      switch (request.command) {
        case 'help':
          return { text: CHAT_HELP, answeredBy: 'commands' };
        case 'status': {
          const runs = await listRuns(deps.knex, orgId, { limit: 3, ...(request.projectKey ? { project_key: request.projectKey } : {}) });
          const stats = await approvalStats(deps.knex, orgId);
          const pending = { actions: stats.actions.pending, runConfirmations: stats.runs_awaiting_confirmation, proposals: stats.proposals.pending };
          return { text: statusAnswer(runs, pending, request.projectKey), answeredBy: 'commands' };
        }
        case 'next': {
          const read = await boardItems(orgId, 'next', request.projectKey, 1, trace);
          return { text: 'items' in read ? nextAnswer(read.items[0], read.project) : read.text, answeredBy: 'commands' };
        }
        case 'blocked': {
          const read = await boardItems(orgId, 'blocked', request.projectKey, BLOCKED_SCAN_LIMIT, trace);
          return { text: 'items' in read ? blockedAnswer(read.items, read.project) : read.text, answeredBy: 'commands' };
        }
        case 'question': {
          if (!deps.assistant || !(await assistantEnabled(orgId))) return { text: CHAT_NO_ASSISTANT, answeredBy: 'fallback' };
          const outcome = await deps.assistant.answer(request.text, await context(orgId, request.text, trace));
          if (outcome.ok) return { text: outcome.text, answeredBy: 'assistant' };
          deps.onAssistantFailure?.(outcome.reason);
          return { text: CHAT_ASSISTANT_UNAVAILABLE, answeredBy: 'fallback' };
        }
      }
    },
  };
}

export type ChatAnswerer = ReturnType<typeof createChatAnswerer>;
