// One line of a run's timeline from a stream event or a history entry: what happened, in words.
export interface TimelineEntry {
  revision: string;
  type: string;
  created: string;
  text: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

export function describeEvent(type: string, data: unknown): string {
  const d = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  switch (type) {
    case 'RunRequested':
      return `Run requested by ${str(d.requested_by)} for ${str(d.board_type)} ${str(d.project_key)}`;
    case 'RunLogged':
      return `${str(d.level)}: ${str(d.message)}`;
    case 'RunPlanned':
      return `Planned ${Array.isArray(d.actions) ? d.actions.length : 0} actions from ${str(d.items_read)} items`;
    case 'ConfirmationRequested':
      return `Awaiting confirmation: ${str(d.planned_count)} planned, threshold ${str(d.threshold)}`;
    case 'ApprovalRequested':
      return `Awaiting approval of ${str(d.pending_count)} actions`;
    case 'RunConfirmed':
      return `Confirmed by ${str(d.by)}`;
    case 'ActionApproved':
      return `Action ${str(d.action_id)} approved by ${str(d.by)}`;
    case 'ActionRejected':
      return `Action ${str(d.action_id)} rejected by ${str(d.by)}${d.reason ? `: ${str(d.reason)}` : ''}`;
    case 'RunExecutionStarted':
      return `Execution started by ${str(d.by)}`;
    case 'ActionExecutionStarted':
      return `Executing action ${str(d.action_id)}`;
    case 'ActionExecuted':
      return `Action ${str(d.action_id)} executed`;
    case 'ActionFailed':
      return `Action ${str(d.action_id)} failed: ${str(d.error)}`;
    case 'ActionSkipped':
      return `Action ${str(d.action_id)} skipped: ${str(d.reason)}`;
    case 'RunCompleted':
      return 'Run completed';
    case 'RunFailed':
      return `Run failed: ${str(d.error)}`;
    case 'RunRejected':
      return `Run rejected by ${str(d.by)}${d.reason ? `: ${str(d.reason)}` : ''}`;
    case 'RunCancelled':
      return `Run cancelled by ${str(d.by)}${d.reason ? `: ${str(d.reason)}` : ''}`;
    default:
      return type;
  }
}

/** A stream event's data ({run_id, revision, type, data, created}) as a timeline entry. */
export function fromStreamData(raw: string): TimelineEntry | undefined {
  try {
    const e = JSON.parse(raw) as { revision?: unknown; type?: unknown; data?: unknown; created?: unknown };
    if (typeof e.type !== 'string') return undefined;
    return { revision: str(e.revision), type: e.type, created: str(e.created), text: describeEvent(e.type, e.data) };
  } catch {
    return undefined;
  }
}

/** Adds an entry unless its revision is already there (a resumed stream never repeats, but be safe). */
export function appendEntry(list: readonly TimelineEntry[], entry: TimelineEntry): TimelineEntry[] {
  return list.some((e) => e.revision === entry.revision) ? [...list] : [...list, entry];
}

const STATUS_BY_EVENT: Record<string, string> = {
  RunRequested: 'planning',
  RunPlanned: 'planned',
  ConfirmationRequested: 'awaiting_confirmation',
  ApprovalRequested: 'awaiting_approval',
  RunConfirmed: 'confirmed',
  RunExecutionStarted: 'executing',
  RunCompleted: 'completed',
  RunFailed: 'failed',
  RunRejected: 'rejected',
  RunCancelled: 'cancelled',
};

const ACTION_STATUS_BY_EVENT: Record<string, string> = {
  ActionApproved: 'approved',
  ActionRejected: 'rejected',
  ActionExecutionStarted: 'executing',
  ActionExecuted: 'executed',
  ActionFailed: 'failed',
  ActionSkipped: 'skipped',
};

export interface StateAsOf {
  status: string;
  events: number;
  actions: Record<string, string>;
}

/** The run's status and each action's state after the events up to `asOf` (history entries in order). */
export function stateAsOf(history: readonly { type: string; data: unknown; created: string }[], asOf: Date): StateAsOf {
  const state: StateAsOf = { status: 'not yet requested', events: 0, actions: {} };
  for (const entry of history) {
    if (Date.parse(entry.created) > asOf.getTime()) break;
    state.events++;
    const d = (entry.data && typeof entry.data === 'object' ? entry.data : {}) as Record<string, unknown>;
    const status = STATUS_BY_EVENT[entry.type];
    if (status) state.status = status;
    if (entry.type === 'RunPlanned' && Array.isArray(d.actions)) {
      for (const a of d.actions as { action_id?: unknown }[]) if (typeof a.action_id === 'string') state.actions[a.action_id] = 'proposed';
    }
    const actionStatus = ACTION_STATUS_BY_EVENT[entry.type];
    if (actionStatus && typeof d.action_id === 'string') state.actions[d.action_id] = actionStatus;
  }
  return state;
}
