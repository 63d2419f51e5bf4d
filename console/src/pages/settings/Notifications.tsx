// Notification channels: webhook URLs are credentials, shown masked and sent only when typed.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { NotificationBody, NotificationSettings } from '../../api/types';
import { errorMessage } from '../../lib/format';

const KINDS = ['run_awaiting_confirmation', 'run_awaiting_approval', 'run_completed', 'run_failed', 'meeting_proposals'] as const;
const CHANNELS = [
  ['slack_webhook_url', 'Slack webhook URL'],
  ['teams_webhook_url', 'Teams webhook URL'],
  ['discord_webhook_url', 'Discord webhook URL'],
] as const;

export function Notifications() {
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: ['notifications'], queryFn: () => request<NotificationSettings>('/api/settings/notifications'), retry: false });
  const [urls, setUrls] = useState<Record<string, string>>({});
  const [recipients, setRecipients] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  useEffect(() => {
    setRecipients((saved.data?.email_recipients ?? []).join(', '));
    setEvents(saved.data?.events ?? []);
  }, [saved.data]);
  const save = useMutation({
    mutationFn: (body: NotificationBody) => request<NotificationSettings>('/api/settings/notifications', { method: 'PUT', body }),
    onSuccess: (s) => {
      queryClient.setQueryData(['notifications'], s);
      setUrls({});
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: NotificationBody = {
      email_recipients: recipients
        .split(/[\s,]+/)
        .map((r) => r.trim())
        .filter(Boolean),
      events: events as NotificationBody['events'],
    };
    for (const [key] of CHANNELS) if (urls[key]) body[key] = urls[key];
    save.mutate(body);
  };
  if (saved.error) {
    return (
      <section className="card" aria-labelledby="notifications">
        <h2 id="notifications">Notifications</h2>
        <p role="alert">{errorMessage(saved.error)}</p>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="notifications">
      <h2 id="notifications">Notifications</h2>
      <form onSubmit={submit} className="stack">
        {CHANNELS.map(([key, label]) => (
          <label key={key}>
            {label} {saved.data?.[key] ? `(saved: ${saved.data[key]}; leave empty to keep)` : ''}
            <input type="password" autoComplete="off" value={urls[key] ?? ''} onChange={(e) => setUrls({ ...urls, [key]: e.target.value })} />
          </label>
        ))}
        <label>
          E-mail recipients (comma-separated)
          <input value={recipients} onChange={(e) => setRecipients(e.target.value)} />
        </label>
        <fieldset className="row">
          <legend>Announce</legend>
          {KINDS.map((k) => (
            <label key={k} className="inline">
              <input type="checkbox" checked={events.includes(k)} onChange={(e) => setEvents(e.target.checked ? [...events, k] : events.filter((x) => x !== k))} />
              {k.replace(/_/g, ' ')}
            </label>
          ))}
        </fieldset>
        <div className="row">
          <button type="submit" disabled={save.isPending}>
            Save notifications
          </button>
          {save.isSuccess && <span role="status">Saved.</span>}
          {save.error && <span role="alert">{errorMessage(save.error)}</span>}
        </div>
      </form>
    </section>
  );
}
