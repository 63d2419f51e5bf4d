// The board integration: secrets are shown masked and only sent when typed again; test the
// connection with the saved settings.
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { IntegrationBody, IntegrationSettings, TestConnection } from '../../api/types';
import { errorMessage, when } from '../../lib/format';

interface Form {
  board_type: 'jira' | 'linear';
  base_url: string;
  email: string;
  secret: string;
  keys: string;
}

const fromSaved = (s: IntegrationSettings | undefined): Form => ({
  board_type: s?.board_type === 'linear' ? 'linear' : 'jira',
  base_url: s?.base_url ?? s?.api_url ?? '',
  email: s?.email ?? '',
  secret: '',
  keys: (s?.project_keys ?? s?.team_keys ?? []).join(', '),
});

export function toBody(f: Form): IntegrationBody {
  const keys = f.keys
    .split(/[\s,]+/)
    .map((k) => k.trim())
    .filter(Boolean);
  if (f.board_type === 'jira') {
    return { board_type: 'jira', base_url: f.base_url, email: f.email, project_keys: keys, ...(f.secret ? { api_token: f.secret } : {}) };
  }
  return { board_type: 'linear', team_keys: keys, ...(f.base_url ? { api_url: f.base_url } : {}), ...(f.secret ? { api_key: f.secret } : {}) };
}

export function Integration() {
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: ['integration'], queryFn: () => request<IntegrationSettings>('/api/settings/integration') });
  const [form, setForm] = useState<Form>(fromSaved(undefined));
  useEffect(() => setForm(fromSaved(saved.data)), [saved.data]);
  const save = useMutation({
    mutationFn: (body: IntegrationBody) => request<IntegrationSettings>('/api/settings/integration', { method: 'POST', body }),
    onSuccess: (s) => queryClient.setQueryData(['integration'], s),
  });
  const test = useMutation({ mutationFn: () => request<TestConnection>('/api/settings/test-connection', { method: 'POST', body: {} }) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(toBody(form));
  };
  const masked = saved.data?.api_token ?? saved.data?.api_key;
  return (
    <section className="card" aria-labelledby="integration">
      <h2 id="integration">Board integration</h2>
      {saved.error && <p role="alert">{errorMessage(saved.error)}</p>}
      <p className="muted">{saved.data?.configured ? `Connected to ${saved.data.board_type ?? 'a board'}, saved ${when(saved.data.updated_at)}.` : 'No board is connected.'}</p>
      <form onSubmit={submit} className="stack">
        <label>
          Board
          <select value={form.board_type} onChange={(e) => setForm({ ...form, board_type: e.target.value as Form['board_type'] })}>
            <option value="jira">Jira</option>
            <option value="linear">Linear</option>
          </select>
        </label>
        <label>
          {form.board_type === 'jira' ? 'Site URL' : 'API URL (optional)'}
          <input value={form.base_url} onChange={(e) => setForm({ ...form, base_url: e.target.value })} required={form.board_type === 'jira'} />
        </label>
        {form.board_type === 'jira' && (
          <label>
            Account e-mail
            <input value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} required />
          </label>
        )}
        <label>
          {form.board_type === 'jira' ? 'API token' : 'API key'} {masked ? `(saved: ${masked}; leave empty to keep)` : ''}
          <input type="password" autoComplete="off" value={form.secret} onChange={(e) => setForm({ ...form, secret: e.target.value })} />
        </label>
        <label>
          {form.board_type === 'jira' ? 'Project keys' : 'Team keys'} (comma-separated)
          <input value={form.keys} onChange={(e) => setForm({ ...form, keys: e.target.value })} />
        </label>
        <div className="row">
          <button type="submit" disabled={save.isPending}>
            Save integration
          </button>
          <button type="button" className="secondary" disabled={test.isPending || !saved.data?.configured} onClick={() => test.mutate()}>
            Test connection
          </button>
          {save.isSuccess && <span role="status">Saved.</span>}
          {save.error && <span role="alert">{errorMessage(save.error)}</span>}
          {test.data && (
            <span role="status" data-testid="test-connection">
              {test.data.ok ? `Connection works${test.data.account ? ` (as ${test.data.account})` : ''}.` : `Connection failed: ${test.data.error ?? 'unknown error'}`}
            </span>
          )}
          {test.error && <span role="alert">{errorMessage(test.error)}</span>}
        </div>
      </form>
    </section>
  );
}
