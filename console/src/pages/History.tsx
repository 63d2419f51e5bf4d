// History: a run's events for auditors and its state as of a chosen time; the organization's
// audit log (AuditLog.tsx) for those allowed to read it.
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { pathOf, request } from '../api/client';
import type { HistoryEntry, Run } from '../api/types';
import { errorMessage, when, whenExact } from '../lib/format';
import { describeEvent, stateAsOf } from '../lib/timeline';
import { AuditLog } from './AuditLog';

/** A datetime-local value (local time, minutes) for a date. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
/** The input names a minute: "as of 12:34" includes everything that happened during 12:34. */
const endOfMinute = (value: string) => new Date(new Date(value).getTime() + 59_999);

export function History() {
  const recent = useQuery({ queryKey: ['runs', { limit: 50 }], queryFn: () => request<Run[]>('/api/runs', { query: { limit: 50 } }) });
  const [runId, setRunId] = useState('');
  const [asOf, setAsOf] = useState(() => localInput(new Date()));
  const chosen = runId || recent.data?.[0]?.id || '';
  const history = useQuery({
    queryKey: ['runs', 'history', chosen],
    queryFn: () => request<HistoryEntry[]>(pathOf('/api/runs/{run_id}/history', { run_id: chosen })),
    enabled: chosen !== '',
  });
  const state = useMemo(() => (history.data ? stateAsOf(history.data, endOfMinute(asOf)) : undefined), [history.data, asOf]);

  return (
    <>
      <h1>History</h1>
      <section className="card" aria-labelledby="run-history">
        <h2 id="run-history">A run&apos;s history</h2>
        <div className="row">
          <label>
            Run
            <select value={chosen} onChange={(e) => setRunId(e.target.value)}>
              {(recent.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.id.slice(0, 8)} · {r.board_type} {r.project_key} · {r.status} · {when(r.created_at)}
                </option>
              ))}
            </select>
          </label>
          <label>
            State as of
            <input type="datetime-local" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
          </label>
        </div>
        {history.error && <p role="alert">{errorMessage(history.error)}</p>}
        {state && (
          <p data-testid="state-as-of">
            As of {when(new Date(asOf).toISOString())}: <strong>{state.status}</strong> after {state.events} events
            {Object.keys(state.actions).length > 0 &&
              ` · actions: ${Object.entries(
                Object.values(state.actions).reduce<Record<string, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {}),
              )
                .map(([s, n]) => `${n} ${s}`)
                .join(', ')}`}
          </p>
        )}
        <table className="grid">
          <thead>
            <tr>
              <th scope="col">Revision</th>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">What happened</th>
            </tr>
          </thead>
          <tbody>
            {(history.data ?? []).map((e) => (
              <tr key={e.revision} className={Date.parse(e.created) > endOfMinute(asOf).getTime() ? 'after' : undefined}>
                <td>{e.revision}</td>
                <td>{whenExact(e.created)}</td>
                <td>{e.type}</td>
                <td>{describeEvent(e.type, e.data)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <AuditLog />
    </>
  );
}
