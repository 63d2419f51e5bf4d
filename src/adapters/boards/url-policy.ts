// Which provider base URLs an organization may configure. In production only HTTPS on public hosts
// (no loopback, private, link-local or metadata addresses: the server must not be turned into a
// probe of its own network); ALLOW_PRIVATE_PROVIDER_URLS=true (the default outside production) lets
// tests and development point at local stand-ins, and then plain http is accepted for local and
// private hosts only (a credential never crosses the internet unencrypted).
// Literal addresses only: a public name that resolves to a private address is caught at connect
// time, on the resolved address, by src/adapters/outbound-http/public-only-fetch.ts.
import net from 'node:net';

export class ProviderUrlError extends Error {
  override readonly name = 'ProviderUrlError';
}

/** [first octet, second octet range] of IPv4 blocks that are not publicly routable (RFC 6890). */
function isPrivateIPv4(ip: string): boolean {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return true;
  const [a, b, c] = parts as [number, number, number, number];
  return (
    a === 0 || // "this network"
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) || // IETF protocol assignments, TEST-NET-1
    (a === 198 && (b === 18 || b === 19)) || // benchmarking
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a >= 224 // multicast, reserved, broadcast
  );
}

/** Expands an IPv6 literal (as WHATWG URL serializes it) to eight 16-bit groups. */
function ipv6Groups(ip: string): number[] {
  let v = ip.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(v);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    v = `${v.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = v.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0');
  return [...h, ...middle, ...t].map((g) => parseInt(g, 16));
}

function isPrivateIPv6(ip: string): boolean {
  const g = ipv6Groups(ip);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return true;
  // The IPv4 address held in two groups (`mask` 0xffff undoes Teredo's bit inversion of its client).
  const v4 = (hi: number, lo: number, mask = 0) => {
    const [h, l] = [g[hi]! ^ mask, g[lo]! ^ mask];
    return `${h >> 8}.${h & 255}.${l >> 8}.${l & 255}`;
  };
  const embeddedV4 = () => v4(6, 7);
  const zeros = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeros(8)) return true; // ::
  if (zeros(7) && g[7] === 1) return true; // ::1
  // Addresses that carry an IPv4 address are as private as that address (a host or relay would
  // deliver the traffic to it): mapped, compatible, SIIT-translated, NAT64, 6to4 and Teredo.
  if (zeros(5) && g[5] === 0xffff) return isPrivateIPv4(embeddedV4()); // ::ffff:a.b.c.d (mapped)
  if (zeros(4) && g[4] === 0xffff && g[5] === 0) return isPrivateIPv4(embeddedV4()); // ::ffff:0:a.b.c.d (SIIT)
  if (zeros(6)) return isPrivateIPv4(embeddedV4()); // ::a.b.c.d (compatible, deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b) return isPrivateIPv4(embeddedV4()); // NAT64
  if (g[0] === 0x2002) return isPrivateIPv4(v4(1, 2)); // 6to4 2002:AABB:CCDD::/48
  // Teredo 2001:0::/32: the server's address in groups 2-3, the client's inverted in groups 6-7.
  if (g[0] === 0x2001 && g[1] === 0) return isPrivateIPv4(v4(2, 3)) || isPrivateIPv4(v4(6, 7, 0xffff));
  const first = g[0]!;
  return (
    (first & 0xfe00) === 0xfc00 || // unique local fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xffc0) === 0xfec0 || // site-local (deprecated)
    (first & 0xff00) === 0xff00 || // multicast
    (first === 0x2001 && g[1] === 0x0db8) // documentation
  );
}

/** True for an IPv4 or IPv6 address that is publicly routable (what a connect-time guard allows). */
export function isPublicAddress(ip: string): boolean {
  const kind = net.isIP(ip);
  if (kind === 4) return !isPrivateIPv4(ip);
  if (kind === 6) return !isPrivateIPv6(ip);
  return false;
}

/** True for names and literal addresses that cannot be a public internet host. */
function isNonPublicHost(hostname: string): { nonPublic: boolean; literal: boolean } {
  const host = hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  const kind = net.isIP(host);
  if (kind === 4) return { nonPublic: isPrivateIPv4(host), literal: true };
  if (kind === 6) return { nonPublic: isPrivateIPv6(host), literal: true };
  const named =
    host === '' ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal') ||
    host.endsWith('.home.arpa') ||
    !host.includes('.'); // a single label (a container or intranet name) never reaches the internet
  return { nonPublic: named, literal: false };
}

/** Throws ProviderUrlError naming the rule the URL breaks; returns the parsed URL. */
export function assertProviderUrlAllowed(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ProviderUrlError(`'${raw.slice(0, 200)}' is not a URL`);
  }
  // Before anything echoes the URL back: it would carry the secret.
  if (url.username || url.password) throw new ProviderUrlError('the URL must not contain credentials (user:password@)');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ProviderUrlError(`the URL must use https (${url.protocol.replace(/:$/, '')} is not allowed)`);
  }
  // WHATWG URL has already normalized odd IPv4 spellings (0x7f.1, 2130706433) to dotted quads.
  const { nonPublic, literal } = isNonPublicHost(url.hostname);
  if (url.protocol === 'http:' && !(allowPrivate && nonPublic)) {
    throw new ProviderUrlError(
      allowPrivate ? 'the URL must use https (plain http is allowed only for local or private hosts)' : 'the URL must use https',
    );
  }
  if (nonPublic && !allowPrivate) {
    throw new ProviderUrlError(
      literal ? 'the URL must name a public host, not a private or loopback address' : 'the URL must name a public host (not localhost or a local name)',
    );
  }
  return url;
}
