import { describe, expect, it } from 'vitest';
import { assertProviderUrlAllowed, ProviderUrlError } from '../../src/adapters/boards/url-policy.js';

describe('provider URL policy', () => {
  it.each(['https://acme.atlassian.net', 'https://api.linear.app/graphql', 'https://8.8.8.8/', 'https://[2606:4700::1111]/', 'https://172.32.0.1'])(
    'accepts the public https URL %s',
    (url) => {
      expect(assertProviderUrlAllowed(url, false)).toBeInstanceOf(URL);
    },
  );

  it.each([
    ['http://acme.atlassian.net', /must use https/],
    ['ftp://acme.atlassian.net', /must use https \(ftp is not allowed\)/],
    ['file:///etc/passwd', /must use https/],
    ['javascript:alert(1)', /must use https/],
    ['https://localhost:8080', /public host/],
    ['https://LOCALHOST./', /public host/],
    ['https://api.localhost', /public host/],
    ['https://jira-stand-in:8080', /public host/],
    ['https://metadata.google.internal', /public host/],
    ['https://127.0.0.1', /private or loopback/],
    ['https://127.1', /private or loopback/],
    ['https://2130706433', /private or loopback/],
    ['https://0x7f.0.0.1', /private or loopback/],
    ['https://0.0.0.0', /private or loopback/],
    ['https://10.1.2.3', /private or loopback/],
    ['https://172.16.0.1', /private or loopback/],
    ['https://192.168.1.1', /private or loopback/],
    ['https://100.64.0.1', /private or loopback/],
    ['https://169.254.169.254/latest', /private or loopback/],
    ['https://224.0.0.1', /private or loopback/],
    ['https://[::1]/', /private or loopback/],
    ['https://[::]/', /private or loopback/],
    ['https://[::ffff:127.0.0.1]/', /private or loopback/],
    ['https://[::ffff:a9fe:a9fe]/', /private or loopback/],
    ['https://[64:ff9b::10.0.0.1]/', /private or loopback/],
    ['https://[fd00::1]/', /private or loopback/],
    // 6to4 wrapping 127.0.0.1, 10.0.0.1 and 169.254.169.254
    ['https://[2002:7f00:1::]/', /private or loopback/],
    ['https://[2002:a00:1::1]/', /private or loopback/],
    ['https://[2002:a9fe:a9fe::]/', /private or loopback/],
    // Teredo: client 127.0.0.1 (inverted: 80ff:fffe), or server 10.0.0.1
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/', /private or loopback/],
    ['https://[2001:0:a00:1:8000:63bf:f7f7:f7f7]/', /private or loopback/],
    // SIIT (IPv4-translated ::ffff:0:a.b.c.d)
    ['https://[::ffff:0:7f00:1]/', /private or loopback/],
    ['https://[::ffff:0:a9fe:a9fe]/', /private or loopback/],
    ['https://[fe80::1]/', /private or loopback/],
    ['https://user:pw@acme.atlassian.net', /must not contain credentials/],
    ['https://token@acme.atlassian.net', /must not contain credentials/],
    ['not a url', /not a URL/],
  ])('refuses %s in production', (url, message) => {
    expect(() => assertProviderUrlAllowed(url, false)).toThrow(ProviderUrlError);
    expect(() => assertProviderUrlAllowed(url, false)).toThrow(message);
  });

  it.each(['https://[2002:808:808::1]/', 'https://[2001:0:4136:e378:8000:63bf:f7f7:f7f7]/', 'https://[::ffff:0:808:808]/'])(
    'accepts the wrapped public IPv4 address %s (6to4, Teredo, SIIT)',
    (url) => {
      expect(assertProviderUrlAllowed(url, false)).toBeInstanceOf(URL);
    },
  );

  it('never echoes the credentials of a refused URL', () => {
    expect(() => assertProviderUrlAllowed('http://bot:s3cret@127.0.0.1', true)).toThrow(/^(?!.*s3cret).*credentials/);
  });

  it.each(['http://127.0.0.1:4000', 'http://localhost:4000/graphql', 'http://10.0.0.5', 'http://[::1]:8080', 'http://jira-stand-in:8080', 'https://127.0.0.1:8443'])(
    'lets tests and development use the local URL %s',
    (url) => {
      expect(assertProviderUrlAllowed(url, true)).toBeInstanceOf(URL);
    },
  );

  it('keeps https for public hosts even when private URLs are allowed', () => {
    expect(() => assertProviderUrlAllowed('http://acme.atlassian.net', true)).toThrow(/must use https \(plain http is allowed only for local or private hosts\)/);
    expect(() => assertProviderUrlAllowed('ftp://127.0.0.1', true)).toThrow(/must use https/);
    expect(assertProviderUrlAllowed('https://acme.atlassian.net', true).hostname).toBe('acme.atlassian.net');
  });
});
