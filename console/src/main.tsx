import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { takeSignInCode } from './auth/link';
import './styles.css';

// Before anything renders (and before the router reads the address): a sign-in link's code leaves
// the address bar at once and lives in memory only.
const signInCode = takeSignInCode(window.location, window.history);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App signInCode={signInCode} />
  </StrictMode>,
);
