import { NavLink, Outlet, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { useMe } from '../lib/queries';

const LINKS = [
  ['/', 'Approvals'],
  ['/runs', 'Runs'],
  ['/history', 'History'],
  ['/metrics', 'Metrics'],
  ['/settings', 'Settings'],
] as const;

export function Layout() {
  const { session, signOut } = useAuth();
  const me = useMe();
  const navigate = useNavigate();
  return (
    <>
      <header className="top">
        <span className="brand">Sprintguard</span>
        <nav aria-label="Console">
          <ul>
            {LINKS.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end={to === '/'}>
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className="who">
          {session?.label}
          {me.data ? ` · ${me.data.role}` : ''}
        </span>
        <button type="button" className="secondary" onClick={() => {
            signOut();
            void navigate('/');
          }}
        >
          Sign out
        </button>
      </header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
