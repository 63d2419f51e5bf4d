import { describe, expect, it } from 'vitest';
import { assertProviderUrlAllowed } from '../../src/adapters/boards/url-policy.js';

describe('provider URL policy', () => {
  it('accepts public https hosts', () => {
    expect(assertProviderUrlAllowed('https://acme.atlassian.net', false).hostname).toBe('acme.atlassian.net');
  });
  it.each([
    ['http://acme.atlassian.net', /https/],
    ['https://localhost:8080', /public host/],
    ['https://127.0.0.1', /private or loopback/],
    ['https://10.1.2.3', /private or loopback/],
    ['https://169.254.169.254/latest', /private or loopback/],
    ['https://[::1]/', /private or loopback/],
    ['https://user:pw@acme.atlassian.net', /credentials/],
    ['ftp://acme.atlassian.net', /https/],
    ['not a url', /not a URL/],
  ])('refuses %s in production', (url, message) => {
    expect(() => assertProviderUrlAllowed(url, false)).toThrow(message);
  });
  it('lets tests and development use local http stand-ins', () => {
    expect(assertProviderUrlAllowed('http://127.0.0.1:4000', true).port).toBe('4000');
  });
});
