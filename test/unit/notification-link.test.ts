// Notifications link to the console's page when the console's public address is configured.
import { describe, expect, it } from 'vitest';
import { meetingNotification, notificationLink, runNotification } from '../../src/domain/notification.message.js';
import type { RunState } from '../../src/domain/run.decider.js';

const run = { request: { run_id: 'run 1', board_type: 'jira', project_key: 'OPS', dry_run: false }, actions: [] } as unknown as RunState;

describe('notification links', () => {
  const awaiting = runNotification('org_1', run, { type: 'ApprovalRequested', data: { pending_count: 2, at: '2026-01-01T00:00:00Z' } })!;

  it("opens the run's console page when the console's address is known", () => {
    expect(notificationLink(awaiting, { consoleUrl: 'https://sg.example.com/app/', apiUrl: 'https://api.example.com' })).toBe('https://sg.example.com/app/runs/run%201');
    expect(notificationLink(awaiting, { consoleUrl: 'https://sg.example.com/app' })).toBe('https://sg.example.com/app/runs/run%201');
  });

  it('opens the approvals inbox for meeting proposals', () => {
    const n = meetingNotification(
      { meeting_id: 'm1', org_id: 'org_1', board_type: 'jira', project_key: 'OPS', title: 'Planning' } as never,
      [{ outcome: 'created', title: 'Do X' } as never],
    )!;
    expect(notificationLink(n, { consoleUrl: 'https://sg.example.com/app/' })).toBe('https://sg.example.com/app/');
  });

  it('falls back to the API path on the API address, or no link at all', () => {
    expect(notificationLink(awaiting, { apiUrl: 'https://api.example.com' })).toBe('https://api.example.com/api/runs/run%201/actions');
    expect(notificationLink(awaiting, {})).toBeUndefined();
  });
});
