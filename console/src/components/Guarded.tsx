// A control the user's role may not use: disabled, with the reason next to it (and linked to it
// for screen readers), instead of a button that answers 403.
import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';
import type { Permission } from '../api/types';
import { denial } from '../auth/permissions';
import { useMe } from '../lib/queries';

interface GuardedButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  permission: Permission;
  children: ReactNode;
}

export function GuardedButton({ permission, children, disabled, ...rest }: GuardedButtonProps) {
  const me = useMe();
  const id = useId();
  const reason = denial(me.data, permission);
  return (
    <span className="guarded">
      <button type="button" {...rest} disabled={disabled || reason !== undefined} aria-describedby={reason ? id : undefined}>
        {children}
      </button>
      {reason && me.data && (
        <span id={id} className="denied">
          {reason}
        </span>
      )}
    </span>
  );
}

/** A section shown only with the permission; otherwise the reason it is hidden (and what to do, `hint`). */
export function Restricted({ permission, title, hint, children }: { permission: Permission; title: string; hint?: string; children: ReactNode }) {
  const me = useMe();
  const reason = denial(me.data, permission);
  if (!me.data) return null;
  if (reason) {
    return (
      <section aria-label={title} className="card">
        <h2>{title}</h2>
        <p className="denied">{reason}</p>
        {hint && <p className="muted">{hint}</p>}
      </section>
    );
  }
  return <>{children}</>;
}
