// The identity provider redirects here with the authorization code.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { completeOidcSignIn } from '../auth/oidc';
import { errorMessage } from '../lib/format';

export function Callback() {
  const { config, signIn } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (!config?.oidc || started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    // The code must not stay in the address bar or the history.
    window.history.replaceState(null, '', '/app/callback');
    completeOidcSignIn(config.oidc, url).then(
      ({ grant, returnTo }) => {
        signIn(grant);
        void navigate(returnTo.replace(/^\/app/, '') || '/', { replace: true });
      },
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [config, navigate, signIn]);

  return (
    <main id="main" className="sign-in">
      <h1>{error ? 'Sign-in failed' : 'Signing in…'}</h1>
      {!error && <p role="status">Completing the sign-in with your identity provider…</p>}
      {error && (
        <p role="alert">
          {error}. <a href="/app/">Try again</a>
        </p>
      )}
    </main>
  );
}
