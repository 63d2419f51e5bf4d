import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { takeSignInCode } from './auth/link';
import { takeCallbackUrl } from './auth/oidc';
import './styles.css';

// Before anything renders (and before the router reads the address): a sign-in link's code and the
// identity provider's authorization code leave the address bar at once and live in memory only.
const signInCode = takeSignInCode(window.location, window.history);
const callbackUrl = takeCallbackUrl(window.location, window.history);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App signInCode={signInCode} callbackUrl={callbackUrl} />
  </StrictMode>,
);
