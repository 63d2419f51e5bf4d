// Write mode, action cap and confirmation threshold.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { OrgSettings } from '../../api/types';
import { GuardedButton } from '../../components/Guarded';
import { errorMessage } from '../../lib/format';

export function OrgSettingsForm() {
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['org', 'settings'], queryFn: () => request<OrgSettings>('/api/org/settings') });
  const [form, setForm] = useState<OrgSettings>();
  useEffect(() => setForm(settings.data), [settings.data]);
  const save = useMutation({
    mutationFn: (body: OrgSettings) => request<OrgSettings>('/api/org/settings', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(['org', 'settings'], saved),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form) save.mutate(form);
  };
  return (
    <section className="card" aria-labelledby="org-settings">
      <h2 id="org-settings">Runs</h2>
      {settings.error && <p role="alert">{errorMessage(settings.error)}</p>}
      {form && (
        <form onSubmit={submit} className="stack">
          <label>
            Write mode
            <select value={form.write_mode} onChange={(e) => setForm({ ...form, write_mode: e.target.value as OrgSettings['write_mode'] })}>
              <option value="dry_run">dry run (plan only)</option>
              <option value="approval">approval (a person approves each action)</option>
              <option value="auto">auto (execute without approval)</option>
            </select>
          </label>
          <label>
            Action cap (most actions per run)
            <input type="number" min={1} max={1000} value={form.action_cap} onChange={(e) => setForm({ ...form, action_cap: Number(e.target.value) })} />
          </label>
          <label>
            Confirmation threshold (more planned actions wait for a confirmation)
            <input
              type="number"
              min={0}
              max={1000}
              value={form.confirmation_threshold}
              onChange={(e) => setForm({ ...form, confirmation_threshold: Number(e.target.value) })}
            />
          </label>
          <div className="row">
            <GuardedButton permission="settings:write" type="submit" disabled={save.isPending}>
              Save run settings
            </GuardedButton>
            {save.isSuccess && <span role="status">Saved.</span>}
            {save.error && <span role="alert">{errorMessage(save.error)}</span>}
          </div>
        </form>
      )}
    </section>
  );
}
