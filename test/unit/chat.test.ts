// Chat commands: parsing, answer texts, "blocked", and the request decider (recorded once).
import { describe, expect, it } from 'vitest';
import type { BoardItem } from '../../src/domain/board.js';
import { blockedAnswer, CHAT_HELP, isBlocked, nextAnswer, statusAnswer } from '../../src/domain/chat.answers.js';
import { chatRequestDecider } from '../../src/domain/chat.decider.js';
import type { ChatRequestAnsweredData } from '../../src/domain/chat.events.js';
import { parseChatRequest } from '../../src/domain/chat.parse.js';
import { deciderSpec } from '../support/decider-spec.js';

const item = (overrides: Partial<BoardItem> & { key: string }): BoardItem => ({
  id: overrides.key,
  title: `Title of ${overrides.key}`,
  status: 'To Do',
  statusCategory: 'todo',
  assignee: null,
  estimate: null,
  priority: null,
  labels: [],
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('parseChatRequest', () => {
  it.each([
    ['help', 'help', null],
    ['  STATUS ', 'status', null],
    ['/next', 'next', null],
    ['next eng', 'next', 'ENG'],
    ['blocked?', 'blocked', null],
    ['Blocked APP_2', 'blocked', 'APP_2'],
    ['status ENG.', 'status', 'ENG'],
  ])('%j is the command %s (project %s)', (text, command, project) => {
    expect(parseChatRequest(text)).toEqual({ command, projectKey: project, text: text.trim() });
  });

  it.each(['what is blocked in ENG?', 'next week we ship', 'help me with ENG', 'status of ENG-12', 'nextstep', 'how are we doing', '?'])(
    '%j is a free question',
    (text) => expect(parseChatRequest(text).command).toBe('question'),
  );
});

describe('answers', () => {
  it('help lists the commands', () => {
    for (const c of ['status', 'next', 'blocked', 'help']) expect(CHAT_HELP).toContain(`• ${c}`);
  });

  it('status names the latest runs and the pending approvals', () => {
    const run = {
      id: 'run-1', board_type: 'jira', project_key: 'ENG', status: 'awaiting_approval', is_dry_run: false,
      planned_actions_count: 4, executed_actions_count: 0, pending_actions_count: 4, updated_at: '2026-11-23T08:00:00.000Z',
    };
    const text = statusAnswer([run], { actions: 4, runConfirmations: 1, proposals: 2 }, null);
    expect(text).toContain('run-1 jira/ENG: awaiting_approval, 4 planned, 0 executed, 4 awaiting approval');
    expect(text).toContain('Waiting for approval: 4 action(s), 1 run confirmation(s), 2 backlog proposal(s).');
    expect(statusAnswer([], { actions: 0, runConfirmations: 0, proposals: 0 }, 'ENG')).toBe('No runs yet in ENG.\nNothing waits for approval.');
  });

  it('next names the first item, or says there is none', () => {
    const first = item({ key: 'ENG-3', title: 'Fix login', priority: 'High', assignee: { id: 'a', name: 'Ada' }, url: 'https://x/ENG-3' });
    expect(nextAnswer(first, 'ENG')).toBe('Next in ENG: ENG-3 Fix login (To Do, High, Ada) https://x/ENG-3');
    expect(nextAnswer(undefined, 'ENG')).toBe('No active items in ENG.');
  });

  it('blocked: a blocking status or label on an active item', () => {
    expect(isBlocked(item({ key: 'A-1', status: 'Blocked', statusCategory: 'in_progress' }))).toBe(true);
    expect(isBlocked(item({ key: 'A-2', status: 'On Hold' }))).toBe(true);
    expect(isBlocked(item({ key: 'A-3', labels: ['Flagged'] }))).toBe(true);
    expect(isBlocked(item({ key: 'A-4', labels: ['blocker'] }))).toBe(true);
    expect(isBlocked(item({ key: 'A-5', labels: ['blocked'], statusCategory: 'done', status: 'Done' }))).toBe(false);
    expect(isBlocked(item({ key: 'A-6', labels: ['unblocked-now'], title: 'Blocked by nothing' }))).toBe(false);
    expect(blockedAnswer([item({ key: 'A-6' })], 'A')).toBe('Nothing is blocked in A.');
    const text = blockedAnswer([item({ key: 'A-1', status: 'Blocked' }), item({ key: 'A-6' }), item({ key: 'A-3', labels: ['flagged'] })], 'A');
    expect(text.split('\n')).toEqual(['Blocked in A (2):', '• A-1 Title of A-1 (Blocked, no priority, unassigned)', '• A-3 Title of A-3 (To Do, no priority, unassigned)']);
  });
});

describe('chat request decider', () => {
  const spec = deciderSpec(chatRequestDecider);
  const answer = (text: string): ChatRequestAnsweredData => ({
    request_key: 'k1', org_id: 'org_a', via: 'signature', user: 'ada', channel: null, question: 'help', command: 'help',
    project_key: null, answered_by: 'commands', answer: text, at: '2026-11-23T08:00:00.000Z',
  });

  it('records the first answer of a request', () => {
    spec.given([]).when({ type: 'RecordChatAnswer', answer: answer('one') }).then([{ type: 'ChatRequestAnswered', data: answer('one') }]);
  });

  it('records nothing for a request already answered (a retried delivery)', () => {
    spec.given([{ type: 'ChatRequestAnswered', data: answer('one') }]).when({ type: 'RecordChatAnswer', answer: answer('two') }).thenNothing();
  });
});
