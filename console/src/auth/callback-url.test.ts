import { expect, it } from 'vitest';
import { takeCallbackUrl } from './oidc';

function at(href: string) {
  const replaced: string[] = [];
  const url = new URL(href);
  const history = { state: null, replaceState: (_state: unknown, _unused: string, to?: string | URL | null) => void replaced.push(String(to)) };
  return { location: { href, pathname: url.pathname, search: url.search }, history, replaced };
}

it('takes the authorization response out of the address bar before anything renders', () => {
  const callback = at('http://127.0.0.1:8080/app/callback?code=secret-code&state=s1&iss=http%3A%2F%2Fidp');
  expect(takeCallbackUrl(callback.location, callback.history)?.searchParams.get('code')).toBe('secret-code');
  expect(callback.replaced).toEqual(['/app/callback']);

  const elsewhere = at('http://127.0.0.1:8080/app/runs?offset=20');
  expect(takeCallbackUrl(elsewhere.location, elsewhere.history)).toBeUndefined();
  expect(elsewhere.replaced).toEqual([]);
});
