// Metrics: the 7/30/90-day series per UTC day as charts, and the approval statistics.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { request } from '../api/client';
import type { ApprovalStats, Metrics } from '../api/types';
import { LineChart, type Series } from '../components/Chart';
import { errorMessage } from '../lib/format';

const WINDOWS = ['7d', '30d', '90d'] as const;

/** The approval statistics count actions by their current state. */
const STATE_LABELS: Record<string, string> = { pending: 'awaiting a decision', approved: 'approved, not yet executed' };

/** Seconds as a reader wants them: under a minute in seconds, else in minutes. */
const duration = (seconds: number | null): string => (seconds === null ? '—' : seconds < 60 ? `${seconds} s` : `${Math.round(seconds / 60)} min`);

export function MetricsPage() {
  const [window, setWindow] = useState<(typeof WINDOWS)[number]>('30d');
  const metrics = useQuery({ queryKey: ['metrics', window], queryFn: () => request<Metrics>('/api/metrics', { query: { window } }) });
  const stats = useQuery({ queryKey: ['approvals', 'stats'], queryFn: () => request<ApprovalStats>('/api/approvals/stats') });
  const m = metrics.data;
  const days = useMemo(() => m?.series.map((p) => p.day) ?? [], [m]);
  const runSeries = useMemo<Series[]>(() => (m ? [{ label: 'Runs', color: '#1d4ed8', values: m.series.map((p) => p.runs) }] : []), [m]);
  const actionSeries = useMemo<Series[]>(
    () =>
      m
        ? [
            { label: 'Planned', color: '#1d4ed8', values: m.series.map((p) => p.actions_planned) },
            { label: 'Executed', color: '#047857', values: m.series.map((p) => p.actions_executed) },
            { label: 'Approved', color: '#7c3aed', values: m.series.map((p) => p.actions_approved) },
            { label: 'Rejected', color: '#b91c1c', values: m.series.map((p) => p.actions_rejected) },
            { label: 'Failed', color: '#92400e', values: m.series.map((p) => p.actions_failed) },
          ]
        : [],
    [m],
  );

  return (
    <>
      <h1>Metrics</h1>
      <div role="radiogroup" aria-label="Window" className="row">
        {WINDOWS.map((w) => (
          <label key={w} className="inline">
            <input type="radio" name="window" value={w} checked={window === w} onChange={() => setWindow(w)} />
            {w.replace('d', ' days')}
          </label>
        ))}
      </div>
      {metrics.error && <p role="alert">{errorMessage(metrics.error)}</p>}
      {m && (
        <>
          <dl className="facts card">
            <dt>Runs</dt>
            <dd>{m.totals.runs}</dd>
            <dt>Actions planned / executed</dt>
            <dd>
              {m.totals.actions_planned} / {m.totals.actions_executed}
            </dd>
            <dt>Approval rate</dt>
            <dd>{m.approval_rate === null ? '—' : `${Math.round(m.approval_rate * 100)}%`}</dd>
            <dt>Median time to decision</dt>
            <dd>{duration(m.median_time_to_decision_seconds)}</dd>
          </dl>
          <LineChart title={`Runs per day, ${m.from} to ${m.to}`} days={days} series={runSeries} />
          <LineChart title="Actions per day" days={days} series={actionSeries} />
        </>
      )}
      {stats.data && (
        <section className="card" aria-labelledby="approval-stats">
          <h2 id="approval-stats">Approvals</h2>
          <p className="muted">Actions by the state they are in now: an approved action counts as executed once it is.</p>
          <table className="grid">
            <thead>
              <tr>
                <th scope="col">What</th>
                {Object.keys(stats.data.actions).map((k) => (
                  <th scope="col" key={k}>
                    {STATE_LABELS[k] ?? k.replace('_', ' ')}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Actions</th>
                {Object.entries(stats.data.actions).map(([k, v]) => (
                  <td key={k}>{v}</td>
                ))}
              </tr>
            </tbody>
          </table>
          <p>
            Runs awaiting confirmation: {stats.data.runs_awaiting_confirmation} · awaiting approval: {stats.data.runs_awaiting_approval} · proposals pending:{' '}
            {stats.data.proposals.pending}, accepted {stats.data.proposals.accepted}, rejected {stats.data.proposals.rejected}
          </p>
        </section>
      )}
    </>
  );
}
