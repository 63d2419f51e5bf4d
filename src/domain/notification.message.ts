// What a notification says, independent of the product that carries it: pure, so each renderer
// (Slack, Teams, Discord, e-mail) only formats. Short and useful: what happened, where (organization,
// board, project), what is awaited, the counts, and a link path into the API.
import type { NotificationKind } from './notification.events.js';
import type { ExtractedProposalRecord, MeetingIngestedData } from './meeting.events.js';
import type { RunState } from './run.decider.js';
import type { RunEvent } from './run.events.js';

export interface NotificationFact {
  name: string;
  value: string;
}

export interface Notification {
  kind: NotificationKind;
  org_id: string;
  /** One line, also the e-mail subject (≤ 150 characters: Slack's header limit). */
  title: string;
  /** One or two sentences. */
  summary: string;
  facts: NotificationFact[];
  /** Path of the API resource to look at, e.g. /api/runs/<id>/actions. */
  link_path: string;
  /** Path of the console page showing it, below the console's address (runs/<id>, or '' for the inbox). */
  console_path?: string;
  /** Absolute link when a public base URL is configured. */
  link_url?: string;
}

/**
 * The absolute link of a notification: the console's page when the console's public address is
 * known (a person can open it in a browser), else the API path on the API's public address, else none.
 */
export function notificationLink(n: Pick<Notification, 'link_path' | 'console_path'>, bases: { consoleUrl?: string; apiUrl?: string }): string | undefined {
  if (bases.consoleUrl && n.console_path !== undefined) return new URL(n.console_path, bases.consoleUrl.endsWith('/') ? bases.consoleUrl : `${bases.consoleUrl}/`).href;
  if (bases.apiUrl) return new URL(n.link_path, bases.apiUrl).href;
  return undefined;
}

/** The kind of notification a run event causes, if any. */
export function runNotificationKind(type: RunEvent['type']): NotificationKind | undefined {
  switch (type) {
    case 'ConfirmationRequested':
      return 'run_awaiting_confirmation';
    case 'ApprovalRequested':
      return 'run_awaiting_approval';
    case 'RunCompleted':
      return 'run_completed';
    case 'RunFailed':
      return 'run_failed';
    default:
      return undefined;
  }
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

function countActions(run: RunState) {
  const by = (s: string) => run.actions.filter((a) => a.status === s).length;
  return { planned: run.actions.length, executed: by('executed'), failed: by('failed'), skipped: by('skipped'), rejected: by('rejected'), proposed: by('proposed') };
}

/**
 * The notification for a run event. `run` is the run's folded state (request and actions);
 * `event` the event that caused it, whose data carries the counts at that moment.
 */
export function runNotification(orgId: string, run: RunState, event: RunEvent): Notification | undefined {
  const kind = runNotificationKind(event.type);
  const request = run.request;
  if (!kind || !request) return undefined;
  const where = `${request.board_type} ${request.project_key}`;
  const counts = countActions(run);
  const facts: NotificationFact[] = [
    { name: 'Organization', value: orgId },
    { name: 'Project', value: where },
    { name: 'Run', value: request.run_id },
  ];
  const runPath = `/api/runs/${encodeURIComponent(request.run_id)}`;
  const console_path = `runs/${encodeURIComponent(request.run_id)}`;
  const dry = request.dry_run ? ' (dry run)' : '';
  switch (event.type) {
    case 'ConfirmationRequested':
      facts.push({ name: 'Planned actions', value: String(event.data.planned_count) }, { name: 'Threshold', value: String(event.data.threshold) });
      return {
        kind,
        org_id: orgId,
        title: clip(`Run awaiting confirmation: ${where}`, 150),
        summary: `A run planned ${event.data.planned_count} actions, more than the confirmation threshold of ${event.data.threshold}. Confirm it with POST ${runPath}/confirm, or reject it.`,
        facts,
        link_path: runPath,
        console_path,
      };
    case 'ApprovalRequested':
      facts.push({ name: 'Awaiting approval', value: String(event.data.pending_count) });
      return {
        kind,
        org_id: orgId,
        title: clip(`Actions awaiting approval: ${where}`, 150),
        summary: `${event.data.pending_count} planned action${event.data.pending_count === 1 ? '' : 's'} of a run await approval.`,
        facts,
        link_path: `${runPath}/actions`,
        console_path,
      };
    case 'RunCompleted':
      facts.push(
        { name: 'Executed', value: String(counts.executed) },
        { name: 'Failed', value: String(counts.failed) },
        { name: 'Skipped', value: String(counts.skipped) },
      );
      return {
        kind,
        org_id: orgId,
        title: clip(`Run completed${dry}: ${where}`, 150),
        summary: `The run completed: ${counts.executed} of ${counts.planned} planned actions executed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.rejected} rejected.`,
        facts,
        link_path: runPath,
        console_path,
      };
    case 'RunFailed':
      facts.push({ name: 'Error', value: clip(event.data.error, 300) });
      return {
        kind,
        org_id: orgId,
        title: clip(`Run failed: ${where}`, 150),
        summary: `The run failed: ${clip(event.data.error, 300)}`,
        facts,
        link_path: runPath,
        console_path,
      };
    default:
      return undefined;
  }
}

/** The notification for proposals newly extracted from a meeting; none when nothing new came out. */
export function meetingNotification(meeting: MeetingIngestedData, proposals: readonly ExtractedProposalRecord[]): Notification | undefined {
  const created = proposals.filter((p) => p.outcome === 'created');
  if (created.length === 0) return undefined;
  const where = `${meeting.board_type} ${meeting.project_key}`;
  const shown = created.slice(0, 5).map((p) => `• ${clip(p.title, 120)}`);
  const more = created.length > shown.length ? `\n…and ${created.length - shown.length} more` : '';
  return {
    kind: 'meeting_proposals',
    org_id: meeting.org_id,
    title: clip(`${created.length} new proposal${created.length === 1 ? '' : 's'} from ${meeting.title ? `"${meeting.title}"` : 'a meeting'}: ${where}`, 150),
    summary: `${shown.join('\n')}${more}`,
    facts: [
      { name: 'Organization', value: meeting.org_id },
      { name: 'Project', value: where },
      { name: 'Meeting', value: meeting.meeting_id },
      { name: 'New proposals', value: String(created.length) },
      { name: 'Duplicates', value: String(proposals.length - created.length) },
    ],
    link_path: `/api/backlog-proposals?project_key=${encodeURIComponent(meeting.project_key)}`,
    // The approvals inbox lists pending proposals.
    console_path: '',
  };
}
