import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { FeatureFlag } from '../../api/types';
import { denial } from '../../auth/permissions';
import { errorMessage, when } from '../../lib/format';
import { useMe } from '../../lib/queries';

export function Flags() {
  const queryClient = useQueryClient();
  const me = useMe();
  const flags = useQuery({ queryKey: ['flags'], queryFn: () => request<FeatureFlag[]>('/api/feature-flags') });
  const change = useMutation({
    mutationFn: ({ name, enabled }: { name: string; enabled: boolean }) =>
      request<FeatureFlag>(`/api/feature-flags/${encodeURIComponent(name)}`, { method: 'PUT', body: { enabled } }),
    // The flag as the server answered, at once: a box left showing the old state until the list is
    // read again would send that old state back when clicked.
    onSuccess: (flag) => queryClient.setQueryData<FeatureFlag[]>(['flags'], (list) => list?.map((f) => (f.name === flag.name ? flag : f))),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['flags'] }),
  });
  const reason = denial(me.data, 'flags:write');
  return (
    <section className="card" aria-labelledby="flags">
      <h2 id="flags">Feature flags</h2>
      {reason && <p className="denied">{reason}</p>}
      {flags.error && <p role="alert">{errorMessage(flags.error)}</p>}
      {change.error && <p role="alert">{errorMessage(change.error)}</p>}
      <ul className="plain flags">
        {(flags.data ?? []).map((f) => (
          <li key={f.name}>
            <label className="inline">
              <input type="checkbox" checked={f.enabled} disabled={!!reason || change.isPending} onChange={(e) => change.mutate({ name: f.name, enabled: e.target.checked })} />
              {f.name}
            </label>{' '}
            <span className="muted">{f.updated_at ? `changed ${when(f.updated_at)}` : 'default'}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
