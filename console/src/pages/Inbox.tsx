// Approvals inbox: everything waiting for a person, oldest first; decide one by one or in bulk,
// with a reason. The organization's run feed refreshes it live.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../api/client';
import type { ApprovalStats, InboxItem } from '../api/types';
import { denial } from '../auth/permissions';
import { decisionFor, decisionsOf, itemKey, KIND_LABELS, oldestFirst, type Verdict } from '../lib/decisions';
import { ago, errorMessage, when } from '../lib/format';
import { useLiveInvalidation, useMe } from '../lib/queries';

const LIVE_KEYS = [['inbox'], ['approvals', 'stats']] as const;

export function Inbox() {
  const queryClient = useQueryClient();
  const me = useMe();
  const inbox = useQuery({ queryKey: ['inbox'], queryFn: () => request<InboxItem[]>('/api/approvals/inbox', { query: { limit: 500 } }), refetchInterval: 30_000 });
  const stats = useQuery({ queryKey: ['approvals', 'stats'], queryFn: () => request<ApprovalStats>('/api/approvals/stats') });
  const live = useLiveInvalidation(LIVE_KEYS);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkReason, setBulkReason] = useState('');
  const [messages, setMessages] = useState<string[]>([]);
  const items = useMemo(() => oldestFirst(inbox.data ?? []), [inbox.data]);

  const decide = useMutation({
    mutationFn: async (batch: { items: InboxItem[]; verdict: Verdict; reason: (item: InboxItem) => string }) => {
      const results: string[] = [];
      // One after the other: each decision is its own event, and a failure must not hide the others.
      for (const item of batch.items) {
        const decision = decisionFor(item, batch.verdict, batch.reason(item));
        if (!decision) continue;
        try {
          await request(decision.path, { method: 'POST', body: decision.body });
          results.push(`${decision.label}: ${item.summary}`);
        } catch (err) {
          results.push(`Could not ${decision.label.toLowerCase()} “${item.summary}”: ${errorMessage(err)}`);
        }
      }
      return results;
    },
    onSuccess: (results) => {
      setMessages(results);
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: ['inbox'] });
      void queryClient.invalidateQueries({ queryKey: ['approvals', 'stats'] });
      void queryClient.invalidateQueries({ queryKey: ['runs'] });
    },
  });

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const chosen = items.filter((i) => selected.has(itemKey(i)));
  const bulkDenied = chosen.map((i) => decisionFor(i, 'yes', '')).find((d) => d && denial(me.data, d.permission));

  return (
    <>
      <h1>Approvals inbox</h1>
      <p className="muted">
        {items.length} waiting · live feed: {live}
        {stats.data &&
          ` · actions: ${stats.data.actions.approved} approved awaiting execution, ${stats.data.actions.rejected} rejected, ${stats.data.actions.executed} executed`}
      </p>
      {inbox.error && <p role="alert">{errorMessage(inbox.error)}</p>}
      {messages.length > 0 && (
        <ul role="status" className="messages">
          {messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      )}
      <section className="card bulk" aria-label="Bulk decision">
        <label>
          Reason for the selected ({chosen.length})
          <input value={bulkReason} onChange={(e) => setBulkReason(e.target.value)} maxLength={2000} />
        </label>
        <button type="button" disabled={chosen.length === 0 || decide.isPending || !!bulkDenied} onClick={() => decide.mutate({ items: chosen, verdict: 'yes', reason: () => bulkReason })}>
          Approve selected
        </button>
        <button type="button" className="danger" disabled={chosen.length === 0 || decide.isPending || !!bulkDenied} onClick={() => decide.mutate({ items: chosen, verdict: 'no', reason: () => bulkReason })}>
          Reject selected
        </button>
        {bulkDenied && <span className="denied">{denial(me.data, bulkDenied.permission)}</span>}
      </section>
      {items.length === 0 && !inbox.isLoading && <p>Nothing is waiting for a decision.</p>}
      <ol className="inbox">
        {items.map((item) => {
          const key = itemKey(item);
          const reason = reasons[key] ?? '';
          const decisions = decisionsOf(item, reason);
          const blocked = decisions.map((d) => denial(me.data, d.permission)).find(Boolean);
          return (
            <li key={key} className="card" data-testid="inbox-item">
              <div className="row">
                <input type="checkbox" aria-label={`Select ${item.summary}`} checked={selected.has(key)} onChange={() => toggle(key)} />
                <span className={`badge kind-${item.kind}`}>{KIND_LABELS[item.kind] ?? item.kind}</span>
                <strong className="summary">{item.summary}</strong>
              </div>
              <p className="muted">
                {item.board_type} {item.project_key} · waiting since <time dateTime={item.waiting_since}>{when(item.waiting_since)}</time> ({ago(item.waiting_since)})
                {item.run_id && (
                  <>
                    {' · '}
                    <Link to={`/runs/${encodeURIComponent(item.run_id)}`}>open run</Link>
                  </>
                )}
              </p>
              <div className="row">
                <label className="grow">
                  Reason
                  <input value={reason} maxLength={2000} onChange={(e) => setReasons({ ...reasons, [key]: e.target.value })} />
                </label>
                {decisions.map((d) => (
                  <button
                    key={d.label}
                    type="button"
                    className={d.verdict === 'no' ? 'danger' : undefined}
                    disabled={decide.isPending || !!denial(me.data, d.permission)}
                    aria-label={`${d.label}: ${item.summary}`}
                    onClick={() => decide.mutate({ items: [item], verdict: d.verdict, reason: () => reason })}
                  >
                    {d.label}
                  </button>
                ))}
              </div>
              {blocked && <p className="denied">{blocked}</p>}
            </li>
          );
        })}
      </ol>
    </>
  );
}
