// The identity provider redirects here with the authorization code.
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthContext';
import { completeOidcSignIn } from '../auth/oidc';
import { errorMessage } from '../lib/format';

/** `callbackUrl`: the address the provider redirected to, taken before the first render (main.tsx). */
export function Callback({ callbackUrl }: { callbackUrl: URL | undefined }) {
  const { config, signIn } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();
  const started = useRef(false);

  useEffect(() => {
    if (!config?.oidc || started.current) return;
    started.current = true;
    if (!callbackUrl) {
      setError('the address holds no answer from the identity provider');
      return;
    }
    completeOidcSignIn(config.oidc, callbackUrl).then(
      ({ grant, returnTo }) => {
        signIn(grant);
        void navigate(returnTo.replace(/^\/app/, '') || '/', { replace: true });
      },
      (err: unknown) => setError(errorMessage(err)),
    );
  }, [config, navigate, signIn, callbackUrl]);

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
