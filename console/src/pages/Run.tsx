// One run: its actions with their states and reasons, the live timeline of its events (the run's
// stream, resumed with Last-Event-ID after a drop), the run-level commands and the exports.
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl, pathOf, request } from '../api/client';
import type { Run, RunAction } from '../api/types';
import type { SseEvent } from '../api/sse';
import { GuardedButton } from '../components/Guarded';
import { download } from '../lib/download';
import { errorMessage, when, whenExact } from '../lib/format';
import { useRunStream } from '../lib/queries';
import { appendEntry, fromStreamData, type TimelineEntry } from '../lib/timeline';

const TERMINAL = new Set(['completed', 'failed', 'rejected', 'cancelled']);

export function RunPage() {
  const { runId = '' } = useParams();
  const queryClient = useQueryClient();
  const run = useQuery({ queryKey: ['runs', 'one', runId], queryFn: () => request<Run>(pathOf('/api/runs/{run_id}', { run_id: runId })) });
  const actions = useQuery({ queryKey: ['runs', 'actions', runId], queryFn: () => request<RunAction[]>(pathOf('/api/runs/{run_id}/actions', { run_id: runId })) });
  const [timeline, setTimeline] = useState<TimelineEntry[]>([]);
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const [reasons, setReasons] = useState<Record<string, string>>({});

  const onEvent = useCallback(
    (event: SseEvent) => {
      const entry = fromStreamData(event.data);
      if (!entry) return;
      setTimeline((list) => appendEntry(list, entry));
      setEvents((n) => n + 1);
    },
    [],
  );
  const streamState = useRunStream(runId, onEvent);
  const [events, setEvents] = useState(0);
  useEffect(() => {
    if (events === 0) return;
    // The stream delivers an event before the read model has projected it: read again shortly
    // after a burst, and once more a moment later for a projection that lags.
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: ['runs', 'one', runId] });
      void queryClient.invalidateQueries({ queryKey: ['runs', 'actions', runId] });
    };
    const soon = setTimeout(refresh, 150);
    const later = setTimeout(refresh, 1_200);
    return () => {
      clearTimeout(soon);
      clearTimeout(later);
    };
  }, [events, queryClient, runId]);

  const command = useMutation({
    mutationFn: async (c: { label: string; path: string; body?: object }) => {
      await request(c.path, { method: 'POST', body: c.body ?? {} });
      return c.label;
    },
    onSuccess: (label) => setNotice({ ok: true, text: `${label}: done.` }),
    onError: (err, c) => setNotice({ ok: false, text: `${c.label} failed: ${errorMessage(err)}` }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['runs'] });
      void queryClient.invalidateQueries({ queryKey: ['inbox'] });
    },
  });
  const base = `/api/runs/${encodeURIComponent(runId)}`;
  const r = run.data;
  const terminal = r ? TERMINAL.has(r.status) : true;
  const save = (format: 'csv' | 'pdf') =>
    download(apiUrl(`${base}/actions/export`, { format }), `run-${runId}.${format}`).catch((err: unknown) => setNotice({ ok: false, text: `Download failed: ${errorMessage(err)}` }));

  return (
    <>
      <p>
        <Link to="/runs">← Runs</Link>
      </p>
      <h1>Run {runId.slice(0, 8)}</h1>
      {run.error && <p role="alert">{errorMessage(run.error)}</p>}
      {r && (
        <dl className="facts card">
          <dt>Status</dt>
          <dd>
            <span className={`badge status-${r.status}`} data-testid="run-status">
              {r.status}
            </span>
          </dd>
          <dt>Project</dt>
          <dd>
            {r.board_type} {r.project_key}
          </dd>
          <dt>Mode</dt>
          <dd>{r.is_dry_run ? 'dry run' : r.write_mode}</dd>
          <dt>Actions</dt>
          <dd>
            {r.planned_actions_count} planned · {r.approved_actions_count} approved · {r.rejected_actions_count} rejected · {r.executed_actions_count} executed ·{' '}
            {r.failed_actions_count} failed
          </dd>
          <dt>Requested</dt>
          <dd>
            {when(r.created_at)} by {r.requested_by}
          </dd>
          {r.error && (
            <>
              <dt>Error</dt>
              <dd>{r.error}</dd>
            </>
          )}
        </dl>
      )}
      <div className="row card" role="group" aria-label="Run commands">
        <GuardedButton permission="runs:confirm" disabled={r?.status !== 'awaiting_confirmation' || command.isPending} onClick={() => command.mutate({ label: 'Confirm', path: `${base}/confirm` })}>
          Confirm
        </GuardedButton>
        <GuardedButton permission="runs:approve" disabled={r?.status !== 'awaiting_approval' || command.isPending} onClick={() => command.mutate({ label: 'Approve all', path: `${base}/approve-all` })}>
          Approve all
        </GuardedButton>
        <GuardedButton permission="runs:approve" disabled={r?.status !== 'awaiting_approval' || command.isPending} onClick={() => command.mutate({ label: 'Execute', path: `${base}/execute` })}>
          Execute
        </GuardedButton>
        <GuardedButton permission="runs:approve" className="danger" disabled={terminal || command.isPending} onClick={() => command.mutate({ label: 'Cancel', path: `${base}/cancel` })}>
          Cancel run
        </GuardedButton>
        <GuardedButton permission="exports:read" className="secondary" onClick={() => void save('csv')}>
          Download CSV
        </GuardedButton>
        <GuardedButton permission="exports:read" className="secondary" onClick={() => void save('pdf')}>
          Download PDF
        </GuardedButton>
      </div>
      {notice && (
        <p role={notice.ok ? 'status' : 'alert'} className={notice.ok ? 'ok' : 'error'} data-testid="run-notice">
          {notice.text}
        </p>
      )}
      <h2>Actions</h2>
      <table className="grid">
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Item</th>
            <th scope="col">Action</th>
            <th scope="col">Why</th>
            <th scope="col">State</th>
            <th scope="col">Decision</th>
          </tr>
        </thead>
        <tbody>
          {(actions.data ?? []).map((a) => (
            <tr key={a.id} data-testid="action-row">
              <td>{a.seq}</td>
              <td>
                {a.item_key}
                {a.item_title ? ` — ${a.item_title}` : ''}
              </td>
              <td>
                {a.kind} ({a.cycle})
              </td>
              <td>{a.reason}</td>
              <td>
                <span className={`badge status-${a.status}`}>{a.status}</span>
                {a.error && <div className="error">{a.error}</div>}
              </td>
              <td>
                {a.status === 'proposed' ? (
                  <div className="row">
                    <input aria-label={`Reason for action ${a.seq}`} value={reasons[a.id] ?? ''} onChange={(e) => setReasons({ ...reasons, [a.id]: e.target.value })} maxLength={2000} />
                    {(['approve', 'reject'] as const).map((verb) => (
                      <GuardedButton
                        key={verb}
                        permission="runs:approve"
                        className={verb === 'reject' ? 'danger' : undefined}
                        disabled={command.isPending}
                        onClick={() =>
                          command.mutate({ label: `${verb === 'approve' ? 'Approve' : 'Reject'} action ${a.seq}`, path: `${base}/actions/${encodeURIComponent(a.id)}/${verb}`, body: reasons[a.id] ? { reason: reasons[a.id] } : {} })
                        }
                      >
                        {verb === 'approve' ? 'Approve' : 'Reject'}
                      </GuardedButton>
                    ))}
                  </div>
                ) : (
                  <span>
                    {a.decided_by ? `${a.decided_by}${a.decision_reason ? `: ${a.decision_reason}` : ''}` : '—'}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>
        Timeline <span className="muted">(live: {streamState})</span>
      </h2>
      <ol className="timeline" aria-live="polite" data-testid="timeline">
        {timeline.map((e) => (
          <li key={e.revision}>
            <time dateTime={e.created}>{whenExact(e.created)}</time> <span className="event-type">{e.type}</span> {e.text}
          </li>
        ))}
      </ol>
    </>
  );
}
