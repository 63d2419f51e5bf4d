// Runs: the list with the API's filters (board, project) and paging, newest first; start a run.
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiUrl, request } from '../api/client';
import type { Run } from '../api/types';
import { GuardedButton } from '../components/Guarded';
import { download } from '../lib/download';
import { errorMessage, when } from '../lib/format';
import { useLiveInvalidation } from '../lib/queries';

const PAGE = 20;

/** A text field of a submitted form ('' when absent). */
const field = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
const LIVE_KEYS = [['runs']] as const;

export function Runs() {
  const [params, setParams] = useSearchParams();
  const board_type = params.get('board_type') ?? '';
  const project_key = params.get('project_key') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const query = { limit: PAGE, offset, board_type: board_type || undefined, project_key: project_key || undefined };
  const runs = useQuery({ queryKey: ['runs', query], queryFn: () => request<Run[]>('/api/runs', { query }), placeholderData: keepPreviousData });
  useLiveInvalidation(LIVE_KEYS);
  const [exportError, setExportError] = useState<string>();

  const setFilter = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['board_type', 'project_key']) {
      const v = field(data, key);
      if (v) next.set(key, v);
    }
    setParams(next);
  };
  const page = (to: number) => {
    const next = new URLSearchParams(params);
    next.set('offset', String(Math.max(0, to)));
    setParams(next);
  };

  return (
    <>
      <h1>Runs</h1>
      <StartRun />
      <form className="card row" onSubmit={setFilter} aria-label="Filter runs">
        <label>
          Board
          <select name="board_type" defaultValue={board_type}>
            <option value="">any</option>
            <option value="jira">jira</option>
            <option value="linear">linear</option>
          </select>
        </label>
        <label>
          Project
          <input name="project_key" defaultValue={project_key} maxLength={64} />
        </label>
        <button type="submit">Filter</button>
        <GuardedButton
          permission="exports:read"
          className="secondary"
          onClick={() => {
            setExportError(undefined);
            download(apiUrl('/api/runs/export', { format: 'csv', board_type: query.board_type, project_key: query.project_key }), 'runs.csv').catch((err: unknown) =>
              setExportError(errorMessage(err)),
            );
          }}
        >
          Download CSV
        </GuardedButton>
      </form>
      {exportError && <p role="alert">{exportError}</p>}
      {runs.error && <p role="alert">{errorMessage(runs.error)}</p>}
      <table className="grid">
        <caption className="visually-hidden">Runs, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Run</th>
            <th scope="col">Project</th>
            <th scope="col">Status</th>
            <th scope="col">Mode</th>
            <th scope="col">Planned</th>
            <th scope="col">Executed</th>
            <th scope="col">Pending</th>
            <th scope="col">Created</th>
          </tr>
        </thead>
        <tbody>
          {(runs.data ?? []).map((run) => (
            <tr key={run.id}>
              <td>
                <Link to={`/runs/${encodeURIComponent(run.id)}`}>{run.id.slice(0, 8)}</Link>
              </td>
              <td>
                {run.board_type} {run.project_key}
              </td>
              <td>
                <span className={`badge status-${run.status}`}>{run.status}</span>
              </td>
              <td>{run.is_dry_run ? 'dry run' : run.write_mode}</td>
              <td>{run.planned_actions_count}</td>
              <td>{run.executed_actions_count}</td>
              <td>{run.pending_actions_count}</td>
              <td>{when(run.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {runs.data?.length === 0 && <p>No runs match.</p>}
      <nav className="row" aria-label="Pages">
        <button type="button" className="secondary" disabled={offset === 0} onClick={() => page(offset - PAGE)}>
          Previous
        </button>
        <span>
          {offset + 1}–{offset + (runs.data?.length ?? 0)}
        </span>
        <button type="button" className="secondary" disabled={(runs.data?.length ?? 0) < PAGE} onClick={() => page(offset + PAGE)}>
          Next
        </button>
      </nav>
    </>
  );
}

function StartRun() {
  const navigate = useNavigate();
  const start = useMutation({
    mutationFn: (body: { board_type: string; project_key: string; dry_run: boolean }) => request<Run>('/api/runs/trigger', { method: 'POST', body }),
    onSuccess: (run) => void navigate(`/runs/${encodeURIComponent(run.id)}`),
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    start.mutate({ board_type: field(data, 'board_type'), project_key: field(data, 'project_key'), dry_run: data.get('dry_run') === 'on' });
  };
  return (
    <form className="card row" onSubmit={submit} aria-label="Start a run">
      <label>
        Board
        <select name="board_type" defaultValue="jira">
          <option value="jira">jira</option>
          <option value="linear">linear</option>
        </select>
      </label>
      <label>
        Project
        <input name="project_key" required maxLength={64} pattern="[A-Za-z0-9_\-]+" />
      </label>
      <label className="inline">
        <input type="checkbox" name="dry_run" />
        Dry run
      </label>
      <GuardedButton permission="runs:trigger" type="submit" disabled={start.isPending}>
        Start a run
      </GuardedButton>
      {start.error && <span role="alert">{errorMessage(start.error)}</span>}
    </form>
  );
}
