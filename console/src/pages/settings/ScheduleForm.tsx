// The schedule of automatic runs, and when it fires next (GET /api/status).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { Schedule, ScheduleBody, Status } from '../../api/types';
import { GuardedButton } from '../../components/Guarded';
import { errorMessage, when } from '../../lib/format';

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const initial = (s: Schedule | undefined): ScheduleBody => ({
  enabled: s?.enabled ?? false,
  timezone: s?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  days_of_week: s?.days_of_week ?? [1, 2, 3, 4, 5],
  time: s?.time ?? '09:00',
  board_type: s?.board_type ?? 'jira',
  project_key: s?.project_key ?? '',
  ...(s?.dry_run !== undefined ? { dry_run: s.dry_run } : {}),
  ...(s?.cycles ? { cycles: s.cycles } : {}),
});

export function ScheduleForm() {
  const queryClient = useQueryClient();
  const schedule = useQuery({ queryKey: ['schedule'], queryFn: () => request<Schedule>('/api/schedule') });
  const status = useQuery({ queryKey: ['status'], queryFn: () => request<Status>('/api/status') });
  const [form, setForm] = useState<ScheduleBody>();
  // Edited since the form last showed the server's schedule: a refresh arriving then (after a save,
  // say) must not put the server's values over what the user is typing.
  const [dirty, setDirty] = useState(false);
  const current = useRef(form);
  current.current = form;
  const edit = (next: ScheduleBody) => {
    setForm(next);
    setDirty(true);
  };
  useEffect(() => {
    if (schedule.data && !dirty) setForm(initial(schedule.data));
  }, [schedule.data, dirty]);
  const save = useMutation({
    mutationFn: (body: ScheduleBody) => request<Schedule>('/api/schedule', { method: 'PUT', body }),
    onSuccess: (saved, submitted) => {
      queryClient.setQueryData(['schedule'], saved);
      // Clean again only if nothing was edited while the save was on its way.
      if (current.current === submitted) setDirty(false);
      void queryClient.invalidateQueries({ queryKey: ['schedule'] });
      void queryClient.invalidateQueries({ queryKey: ['status'] });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form) save.mutate(form);
  };
  const next = status.data?.trigger.next_fire_at;
  return (
    <section className="card" aria-labelledby="schedule">
      <h2 id="schedule">Schedule</h2>
      <p data-testid="next-fire">{status.data ? (next ? `Next run: ${when(next)}` : 'No scheduled run (the schedule is off or not saved).') : ''}</p>
      {schedule.error && <p role="alert">{errorMessage(schedule.error)}</p>}
      {form && (
        <form onSubmit={submit} className="stack">
          <label className="inline">
            <input type="checkbox" checked={form.enabled} onChange={(e) => edit({ ...form, enabled: e.target.checked })} />
            Run on schedule
          </label>
          <fieldset className="row">
            <legend>Days</legend>
            {DAYS.map((d, i) => (
              <label key={d} className="inline">
                <input
                  type="checkbox"
                  checked={form.days_of_week.includes(i)}
                  onChange={(e) => edit({ ...form, days_of_week: e.target.checked ? [...form.days_of_week, i].sort() : form.days_of_week.filter((x) => x !== i) })}
                />
                {d}
              </label>
            ))}
          </fieldset>
          <div className="row">
            <label>
              Time
              <input type="time" value={form.time} onChange={(e) => edit({ ...form, time: e.target.value })} required />
            </label>
            <label>
              Time zone
              <input value={form.timezone} onChange={(e) => edit({ ...form, timezone: e.target.value })} required />
            </label>
            <label>
              Board
              <select value={form.board_type} onChange={(e) => edit({ ...form, board_type: e.target.value as ScheduleBody['board_type'] })}>
                <option value="jira">jira</option>
                <option value="linear">linear</option>
              </select>
            </label>
            <label>
              Project
              <input value={form.project_key} onChange={(e) => edit({ ...form, project_key: e.target.value })} required maxLength={64} />
            </label>
          </div>
          <div className="row">
            <GuardedButton permission="schedule:write" type="submit" disabled={save.isPending}>
              Save schedule
            </GuardedButton>
            {save.isSuccess && <span role="status">Saved.</span>}
            {save.error && <span role="alert">{errorMessage(save.error)}</span>}
          </div>
        </form>
      )}
    </section>
  );
}
