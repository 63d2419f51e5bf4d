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

function Gate() {
  const { session } = useAuth();
  const location = useLocation();
  if (location.pathname === '/callback') return <Callback />;
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

export function App({ signInCode }: { signInCode?: string | undefined }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/app">
        <AuthProvider signInCode={signInCode}>
          <Gate />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
