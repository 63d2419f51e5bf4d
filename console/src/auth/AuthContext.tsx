// Holds the session for the whole console and feeds its token to the API client.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { request, setTokenSource } from '../api/client';
import type { ConsoleConfig } from '../api/types';
import { rememberDevIdentity } from './dev';
import { linkSignIn } from './link';
import { Session, type Grant } from './session';

interface AuthState {
  config: ConsoleConfig | undefined;
  configError: string | undefined;
  session: Session | undefined;
  /** Why the last session ended (or a sign-in link failed), shown on the sign-in page. */
  ended: string | undefined;
  /** A sign-in link's code is being traded for a session. */
  linking: boolean;
  signIn: (grant: Grant) => void;
  signOut: () => void;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

/** `signInCode`: the code of a one-time sign-in link the page was opened with (auth/link.ts). */
export function AuthProvider({ children, signInCode }: { children: ReactNode; signInCode?: string | undefined }) {
  const queryClient = useQueryClient();
  const [config, setConfig] = useState<ConsoleConfig>();
  const [configError, setConfigError] = useState<string>();
  const [session, setSession] = useState<Session>();
  const [ended, setEnded] = useState<string>();
  const [linking, setLinking] = useState(signInCode !== undefined);
  const linkTraded = useRef(false);

  useEffect(() => {
    request<ConsoleConfig>('/api/console/config').then(setConfig, (err: unknown) => setConfigError(err instanceof Error ? err.message : String(err)));
  }, []);

  const signOut = useCallback(() => {
    setSession((current) => {
      current?.end();
      return undefined;
    });
    setTokenSource(async () => undefined);
    queryClient.clear();
  }, [queryClient]);

  const signIn = useCallback(
    (grant: Grant) => {
      const next = new Session(grant, (reason) => {
        setEnded(reason);
        signOut();
      });
      setTokenSource(() => next.token());
      setEnded(undefined);
      setSession((current) => {
        current?.end();
        return next;
      });
    },
    [signOut],
  );

  // The link's code is good once: trade it once, even when the effect runs twice (StrictMode).
  useEffect(() => {
    if (signInCode === undefined || linkTraded.current) return;
    linkTraded.current = true;
    linkSignIn(signInCode)
      .then(({ grant, who }) => {
        rememberDevIdentity(who);
        signIn(grant);
      })
      // The service's words say what happened and what to do (a used link: sign in on the page).
      .catch((err: unknown) => setEnded(`${err instanceof Error ? err.message : String(err)}.`))
      .finally(() => setLinking(false));
  }, [signInCode, signIn]);

  const value = useMemo(
    () => ({ config, configError, session, ended, linking, signIn, signOut }),
    [config, configError, session, ended, linking, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}
