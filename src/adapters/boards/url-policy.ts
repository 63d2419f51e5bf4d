// Which provider base URLs an organization may configure. In production only HTTPS on public hosts
// (no loopback, private, link-local or metadata addresses: the server must not be turned into a
// probe of its own network); ALLOW_PRIVATE_PROVIDER_URLS=true (the default outside production) lets
// tests and development point at local stand-ins.
import net from 'node:net';

export class ProviderUrlError extends Error {
  override readonly name = 'ProviderUrlError';
}

function isPrivateIPv4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number) as [number, number];
  return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
}

function isPrivateIPv6(ip: string): boolean {
  const v = ip.toLowerCase();
  if (v === '::1' || v === '::') return true;
  if (v.startsWith('::ffff:')) return isPrivateIPv4(v.slice(7));
  return /^(fc|fd|fe8|fe9|fea|feb)/.test(v);
}

/** Throws ProviderUrlError naming the rule the URL breaks. */
export function assertProviderUrlAllowed(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProviderUrlError(`'${raw}' is not a URL`);
  }
  if (url.username || url.password) throw new ProviderUrlError('the URL must not contain credentials');
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) {
    throw new ProviderUrlError('the URL must use https');
  }
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const lower = host.toLowerCase();
  if (lower === 'localhost' || lower.endsWith('.localhost') || lower.endsWith('.internal') || lower.endsWith('.local')) {
    throw new ProviderUrlError('the URL must name a public host');
  }
  const kind = net.isIP(host);
  if ((kind === 4 && isPrivateIPv4(host)) || (kind === 6 && isPrivateIPv6(host))) {
    throw new ProviderUrlError('the URL must name a public host, not a private or loopback address');
  }
  return url;
}
