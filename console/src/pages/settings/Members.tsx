// Members and their roles: change a role (keeping the member's delegated permissions), delegate
// permissions on top of the role, revoke a stored role (PUT and DELETE /api/rbac/members/{user_id}).
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { pathOf, request } from '../../api/client';
import type { Member, MemberAssignment, Permission } from '../../api/types';
import { errorMessage, when } from '../../lib/format';
import { useMe } from '../../lib/queries';

type Role = MemberAssignment['role'];
const ROLES = ['viewer', 'operator', 'approver', 'manager'] as const satisfies readonly Role[];

const memberPath = (userId: string) => pathOf('/api/rbac/members/{user_id}', { user_id: userId });

export function Members() {
  const queryClient = useQueryClient();
  const me = useMe();
  const members = useQuery({ queryKey: ['members'], queryFn: () => request<Member[]>('/api/rbac/members') });
  const [message, setMessage] = useState<string>();
  const settled = () => void queryClient.invalidateQueries({ queryKey: ['members'] });
  // The member as the server answered, in the list at once: the next change on the row is made from
  // it (a role change sends the member's permissions), not from the list as it was before the refresh.
  const show = (m: Member) =>
    queryClient.setQueryData<Member[]>(['members'], (list) => (list?.some((x) => x.user_id === m.user_id) ? list.map((x) => (x.user_id === m.user_id ? m : x)) : [...(list ?? []), m]));
  const assign = useMutation({
    // Always the complete assignment: the role and the permissions the member should have after it.
    mutationFn: ({ user_id, ...body }: MemberAssignment & { user_id: string }) => request<Member>(memberPath(user_id), { method: 'PUT', body }),
    onSuccess: (m) => {
      show(m);
      setMessage(`Saved: ${m.user_id} is ${m.role}${m.permissions.length > 0 ? ` with ${m.permissions.join(', ')}` : ''}.`);
    },
    onSettled: settled,
  });
  const revoke = useMutation({
    mutationFn: (userId: string) => request<Member>(memberPath(userId), { method: 'DELETE' }),
    onSuccess: (m) => setMessage(`Revoked: ${m.user_id} is back to ${m.role}, with no delegated permissions.`),
    onSettled: settled,
  });
  const [newUser, setNewUser] = useState('');
  const [newRole, setNewRole] = useState<Role>('viewer');
  const add = (e: FormEvent) => {
    e.preventDefault();
    if (newUser.trim()) assign.mutate({ user_id: newUser.trim(), role: newRole, permissions: [] }, { onSuccess: () => setNewUser('') });
  };
  const busy = assign.isPending || revoke.isPending;
  const error = assign.error ?? revoke.error;
  return (
    <section className="card" aria-labelledby="members">
      <h2 id="members">Members and roles</h2>
      {members.error && <p role="alert">{errorMessage(members.error)}</p>}
      {error && <p role="alert">{errorMessage(error)}</p>}
      {message && !error && (
        <p role="status" className="ok">
          {message}
        </p>
      )}
      <table className="grid members">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Role</th>
            <th scope="col">Delegated permissions</th>
            <th scope="col">Changed</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {(members.data ?? []).map((m) => (
            <MemberRow
              key={m.user_id}
              member={m}
              delegable={me.data?.delegable_permissions ?? []}
              busy={busy}
              onAssign={(role, permissions) => assign.mutate({ user_id: m.user_id, role, permissions })}
              onRevoke={() => revoke.mutate(m.user_id)}
            />
          ))}
        </tbody>
      </table>
      <form className="row" onSubmit={add} aria-label="Add a member">
        <label>
          User id
          <input value={newUser} onChange={(e) => setNewUser(e.target.value)} maxLength={128} pattern="[A-Za-z0-9._:@|\-]+" />
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
        <button type="submit" disabled={busy}>
          Assign role
        </button>
      </form>
    </section>
  );
}

interface MemberRowProps {
  member: Member;
  delegable: readonly Permission[];
  busy: boolean;
  onAssign: (role: Role, permissions: Permission[]) => void;
  onRevoke: () => void;
}

function MemberRow({ member: m, delegable, busy, onAssign, onRevoke }: MemberRowProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [chosen, setChosen] = useState<Set<Permission>>(new Set());
  // The administrator's role comes from the identity provider: nothing here can change it.
  if (m.role === 'admin') {
    return (
      <tr>
        <td>{m.user_id}</td>
        <td>admin</td>
        <td className="muted">all, as the organization administrator</td>
        <td>—</td>
        <td />
      </tr>
    );
  }
  const role: Role = m.role;
  const fromRole = new Set(m.effective_permissions.filter((p) => !m.permissions.includes(p)));
  const offered = delegable.filter((p) => !fromRole.has(p));
  const stored = m.updated_at !== null;
  const startEditing = () => {
    setChosen(new Set(m.permissions));
    setEditing(true);
  };
  return (
    <tr>
      <td>{m.user_id}</td>
      <td>
        <select aria-label={`Role of ${m.user_id}`} value={role} disabled={busy} onChange={(e) => onAssign(e.target.value as Role, m.permissions)}>
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </td>
      <td>
        {!editing && (
          <>
            {m.permissions.join(', ') || '—'}{' '}
            <button type="button" className="secondary" disabled={busy} onClick={startEditing} aria-label={`Delegate permissions to ${m.user_id}`}>
              Delegate…
            </button>
          </>
        )}
        {editing && (
          <fieldset>
            <legend>Extra permissions for {m.user_id}</legend>
            <div className="row choices">
              {offered.map((p) => (
                <label key={p} className="inline">
                  <input
                    type="checkbox"
                    checked={chosen.has(p)}
                    onChange={(e) => setChosen((c) => new Set([...c].filter((x) => x !== p).concat(e.target.checked ? [p] : [])))}
                  />
                  {p}
                </label>
              ))}
            </div>
            <div className="row">
              <button
                type="button"
                disabled={busy}
                onClick={() => {
                  onAssign(role, offered.filter((p) => chosen.has(p)));
                  setEditing(false);
                }}
              >
                Save permissions
              </button>
              <button type="button" className="secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            </div>
          </fieldset>
        )}
      </td>
      <td>
        {when(m.updated_at)}
        {m.assigned_by ? ` by ${m.assigned_by}` : ''}
      </td>
      <td>
        {stored && !confirming && (
          <button type="button" className="secondary" disabled={busy} onClick={() => setConfirming(true)} aria-label={`Revoke the role of ${m.user_id}`}>
            Revoke
          </button>
        )}
        {confirming && (
          <span className="row">
            <span>Back to the default role, without delegated permissions?</span>
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
                onRevoke();
              }}
            >
              Yes, revoke {m.user_id}
            </button>
            <button type="button" className="secondary" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}
