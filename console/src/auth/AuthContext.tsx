// Holds the session for the whole console and feeds its token to the API client.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { request, setTokenSource } from '../api/client';
import type { ConsoleConfig } from '../api/types';
import { Session, type Grant } from './session';

interface AuthState {
  config: ConsoleConfig | undefined;
  configError: string | undefined;
  session: Session | undefined;
  /** Why the last session ended, shown on the sign-in page. */
  ended: string | undefined;
  signIn: (grant: Grant) => void;
  signOut: () => void;
}

const AuthContext = createContext<AuthState | undefined>(undefined);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [config, setConfig] = useState<ConsoleConfig>();
  const [configError, setConfigError] = useState<string>();
  const [session, setSession] = useState<Session>();
  const [ended, setEnded] = useState<string>();

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

  const value = useMemo(() => ({ config, configError, session, ended, signIn, signOut }), [config, configError, session, ended, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}
