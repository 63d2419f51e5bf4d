import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ApiError } from './api/client';
import { AuthProvider, useAuth } from './auth/AuthContext';
import { Layout } from './components/Layout';
import { Callback } from './pages/Callback';
import { History } from './pages/History';
import { Inbox } from './pages/Inbox';
import { MetricsPage } from './pages/Metrics';
import { RunPage } from './pages/Run';
import { Runs } from './pages/Runs';
import { SettingsPage } from './pages/settings/Settings';
import { SignIn } from './pages/SignIn';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

function Gate({ callbackUrl }: { callbackUrl: URL | undefined }) {
  const { session } = useAuth();
  const location = useLocation();
  if (location.pathname === '/callback') return <Callback callbackUrl={callbackUrl} />;
  if (!session) return <SignIn />;
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Inbox />} />
        <Route path="runs" element={<Runs />} />
        <Route path="runs/:runId" element={<RunPage />} />
        <Route path="history" element={<History />} />
        <Route path="metrics" element={<MetricsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<p>Nothing here. Pick a page above.</p>} />
      </Route>
    </Routes>
  );
}

/** What the page was opened with: a sign-in link's code, or the identity provider's callback (both taken out of the address). */
export function App({ signInCode, callbackUrl }: { signInCode?: string | undefined; callbackUrl?: URL | undefined }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/app">
        <AuthProvider signInCode={signInCode}>
          <Gate callbackUrl={callbackUrl} />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
