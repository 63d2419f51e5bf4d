// Members and their roles (and delegated permissions).
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../api/client';
import type { Member } from '../../api/types';
import { errorMessage, when } from '../../lib/format';

const ROLES = ['viewer', 'operator', 'approver', 'manager'] as const;
type Role = (typeof ROLES)[number];

export function Members() {
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: ['members'], queryFn: () => request<Member[]>('/api/rbac/members') });
  const assign = useMutation({
    mutationFn: ({ user_id, role }: { user_id: string; role: Role }) => request(`/api/rbac/members/${encodeURIComponent(user_id)}`, { method: 'PUT', body: { role } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['members'] }),
  });
  const [newUser, setNewUser] = useState('');
  const [newRole, setNewRole] = useState<Role>('viewer');
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (newUser.trim()) assign.mutate({ user_id: newUser.trim(), role: newRole }, { onSuccess: () => setNewUser('') });
  };
  return (
    <section className="card" aria-labelledby="members">
      <h2 id="members">Members and roles</h2>
      {members.error && <p role="alert">{errorMessage(members.error)}</p>}
      {assign.error && <p role="alert">{errorMessage(assign.error)}</p>}
      <table className="grid">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Role</th>
            <th scope="col">Delegated</th>
            <th scope="col">Changed</th>
          </tr>
        </thead>
        <tbody>
          {(members.data ?? []).map((m) => (
            <tr key={m.user_id}>
              <td>{m.user_id}</td>
              <td>
                <select aria-label={`Role of ${m.user_id}`} value={m.role} disabled={assign.isPending} onChange={(e) => assign.mutate({ user_id: m.user_id, role: e.target.value as Role })}>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </td>
              <td>{m.permissions.join(', ') || '—'}</td>
              <td>
                {when(m.updated_at)}
                {m.assigned_by ? ` by ${m.assigned_by}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <form className="row" onSubmit={add} aria-label="Add a member">
        <label>
          User id
          <input value={newUser} onChange={(e) => setNewUser(e.target.value)} maxLength={128} />
        </label>
        <label>
          Role
          <select value={newRole} onChange={(e) => setNewRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={assign.isPending}>
          Assign role
        </button>
      </form>
    </section>
  );
}
