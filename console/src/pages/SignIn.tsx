// Sign-in: at the identity provider (OpenID Connect, code + PKCE), or in development with the
// service's development identity for a chosen organization and user.
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { devSignIn, lastDevIdentity, rememberDevIdentity } from '../auth/dev';
import { startOidcSignIn } from '../auth/oidc';
import { errorMessage } from '../lib/format';

export function SignIn() {
  const { config, configError, ended, linking, signIn } = useAuth();
  const location = useLocation();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [who, setWho] = useState(lastDevIdentity);

  const returnTo = `${location.pathname}${location.search}`;

  const submitDev = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      rememberDevIdentity(who);
      signIn(await devSignIn(who));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const startOidc = async () => {
    if (!config?.oidc) return;
    setBusy(true);
    setError(undefined);
    try {
      await startOidcSignIn(config.oidc, returnTo);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <main id="main" className="sign-in">
      <h1>Sign in to Sprintguard</h1>
      {ended && <p role="status">{ended}</p>}
      {configError && <p role="alert">The service did not answer: {configError}</p>}
      {!config && !configError && <p>Loading…</p>}
      {linking && <p role="status">Signing you in with the link…</p>}
      {config?.sign_in === 'oidc' && (
        <button type="button" onClick={() => void startOidc()} disabled={busy}>
          Sign in with your identity provider
        </button>
      )}
      {config?.sign_in === 'development' && !linking && (
        <form onSubmit={(e) => void submitDev(e)} className="card stack">
          <p>
            Development identity: this service has no identity provider configured, so it signs a token for whoever you name. It refuses this
            whenever a real provider is configured or in production.
          </p>
          <label>
            Organization
            <input value={who.org_id} onChange={(e) => setWho({ ...who, org_id: e.target.value })} required pattern="[A-Za-z0-9._:@\-]+" />
          </label>
          <label>
            User
            <input value={who.user_id} onChange={(e) => setWho({ ...who, user_id: e.target.value })} required pattern="[A-Za-z0-9._:@\-]+" />
          </label>
          <label className="inline">
            <input type="checkbox" checked={who.admin} onChange={(e) => setWho({ ...who, admin: e.target.checked })} />
            Organization admin
          </label>
          <button type="submit" disabled={busy}>
            Sign in (development)
          </button>
        </form>
      )}
      {config?.sign_in === 'unavailable' && (
        <p>
          Sign-in is not configured: set CONSOLE_OIDC_CLIENT_ID to the console&apos;s client id at the identity provider (see docs/console.md).
        </p>
      )}
      {error && <p role="alert">{error}</p>}
    </main>
  );
}
