// The organization's audit log (GET /api/audit/events, audit:read): every event of its streams with
// who caused it, filtered as the API filters (stream kind, event type, actor, time range, order),
// a page at a time through the API's cursor, and the whole filtered log as CSV.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiUrl, request } from '../api/client';
import type { AuditEvent, AuditKind, AuditPage, AuditQuery } from '../api/types';
import { Restricted } from '../components/Guarded';
import { AUDIT_KINDS, describeAuditEvent, isoFromLocal } from '../lib/audit';
import { download } from '../lib/download';
import { errorMessage, whenExact } from '../lib/format';

const PAGE = 50;

type Filters = Pick<AuditQuery, 'kind' | 'type' | 'actor' | 'from' | 'to' | 'order'>;

const text = (data: FormData, name: string): string | undefined => {
  const value = data.get(name);
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/** A run's stream as a link to the run (its id is long); any other stream by its name. */
function StreamName({ event }: { event: AuditEvent }) {
  if (event.kind === 'run' && event.stream.startsWith('run-')) {
    const runId = event.stream.slice('run-'.length);
    return (
      <Link to={`/runs/${encodeURIComponent(runId)}`} title={event.stream}>
        run {runId.slice(0, 8)}
      </Link>
    );
  }
  return <>{event.stream}</>;
}

function filtersOf(form: HTMLFormElement): Filters {
  const data = new FormData(form);
  const kind = text(data, 'kind') as AuditKind | undefined;
  return {
    kind,
    type: text(data, 'type'),
    actor: text(data, 'actor'),
    from: isoFromLocal(text(data, 'from') ?? ''),
    to: isoFromLocal(text(data, 'to') ?? ''),
    order: text(data, 'order') === 'asc' ? 'asc' : 'desc',
  };
}

export function AuditLog() {
  return (
    <Restricted permission="audit:read" title="Organization audit log" hint="An organization administrator can delegate audit:read to you under Settings, Members and roles.">
      <AuditLogTable />
    </Restricted>
  );
}

function AuditLogTable() {
  const [filters, setFilters] = useState<Filters>({ order: 'desc' });
  // The cursors of the pages before this one: the API pages forward only, so going back pops one.
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const [csvError, setCsvError] = useState<string>();
  const log = useQuery({
    queryKey: ['audit', 'events', filters, cursor],
    queryFn: () => request<AuditPage>('/api/audit/events', { query: { ...filters, cursor, limit: PAGE } }),
    placeholderData: keepPreviousData,
  });
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFilters(filtersOf(e.currentTarget));
    setCursors([]);
  };
  const items = log.data?.items ?? [];
  const first = cursors.length * PAGE;

  return (
    <section className="card" aria-labelledby="audit-log">
      <h2 id="audit-log">Organization audit log</h2>
      <form className="row" onSubmit={apply} aria-label="Filter the audit log">
        <label>
          Stream
          <select name="kind" defaultValue="">
            <option value="">all</option>
            {AUDIT_KINDS.map(([kind, label]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Event type
          <input name="type" maxLength={100} placeholder="e.g. ActionApproved" />
        </label>
        <label>
          Actor
          <input name="actor" maxLength={200} placeholder="user id" />
        </label>
        <label>
          From
          <input name="from" type="datetime-local" />
        </label>
        <label>
          Before
          <input name="to" type="datetime-local" />
        </label>
        <label>
          Order
          <select name="order" defaultValue="desc">
            <option value="desc">newest first</option>
            <option value="asc">oldest first</option>
          </select>
        </label>
        <button type="submit">Apply filters</button>
        <button
          type="button"
          className="secondary"
          onClick={() => {
            setCsvError(undefined);
            download(apiUrl('/api/audit/events', { ...filters, format: 'csv' }), 'audit.csv').catch((err: unknown) => setCsvError(errorMessage(err)));
          }}
        >
          Download audit CSV
        </button>
      </form>
      {csvError && <p role="alert">{csvError}</p>}
      {log.error && <p role="alert">{errorMessage(log.error)}</p>}
      {log.isLoading && <p>Loading the audit log…</p>}
      {log.data && items.length === 0 && <p>No event matches these filters.</p>}
      {items.length > 0 && (
        <table className="grid" data-testid="audit-events">
          <caption className="visually-hidden">Audit events, {filters.order === 'asc' ? 'oldest' : 'newest'} first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Event</th>
              <th scope="col">Stream</th>
              <th scope="col">Actor</th>
              <th scope="col">What happened</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.position}>
                <td className="nowrap">
                  <time dateTime={e.created}>{whenExact(e.created)}</time>
                </td>
                <td>
                  <span className="event-type">{e.type}</span>
                </td>
                <td className="wrap">
                  <StreamName event={e} />
                </td>
                <td>{e.actor ?? 'service'}</td>
                <td className="wrap">{describeAuditEvent(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <nav className="row" aria-label="Audit log pages">
        <button type="button" className="secondary" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
          Previous page
        </button>
        <span>{items.length > 0 ? `Events ${first + 1}–${first + items.length}` : ''}</span>
        <button
          type="button"
          className="secondary"
          disabled={!log.data?.next_cursor || log.isPlaceholderData}
          onClick={() => {
            const next = log.data?.next_cursor;
            if (next) setCursors((c) => [...c, next]);
          }}
        >
          Next page
        </button>
      </nav>
    </section>
  );
}
