// Connect-time guard against server-side request forgery by name. The URL policy (url-policy.ts)
// refuses literal private addresses and local names when a URL is saved, but a public name can
// resolve to a private address (or begin to, later: DNS rebinding). This fetch resolves the name
// itself, when it connects, and refuses to connect when any address is not public: what is checked
// is what is connected to. Used for the URLs organizations configure (boards, source control, chat
// webhooks) wherever private provider URLs are not allowed (production).
import dns from 'node:dns';
import net, { type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';
import { isPublicAddress } from '../boards/url-policy.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a name (dns.lookup with `all`); tests pass their own. */
export type ResolveAll = (hostname: string, callback: (err: NodeJS.ErrnoException | null, addresses: ResolvedAddress[]) => void) => void;

const defaultResolve: ResolveAll = (hostname, callback) => dns.lookup(hostname, { all: true }, callback);

/** The error a refused connection fails with; its code reaches vendor error messages. */
export function nonPublicAddressError(hostname: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${hostname} does not resolve to a public address`), { code: 'ENONPUBLIC' });
}

export function createPublicOnlyFetch(options: { resolve?: ResolveAll } = {}): typeof fetch {
  const resolve = options.resolve ?? defaultResolve;
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    resolve(hostname, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const first = addresses[0];
      if (!first || addresses.some((a) => !isPublicAddress(a.address))) return callback(nonPublicAddressError(hostname), '', 0);
      // net.connect asks for every address when it tries them in turn (autoSelectFamily).
      if (lookupOptions.all) (callback as unknown as (err: null, all: ResolvedAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
  const agent = new Agent({ connect: { lookup } });
  return async (input: string | URL | Request, init?: RequestInit) => {
    // A literal address is connected to without a lookup: check it here.
    const host = new URL(input instanceof Request ? input.url : input).hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host) && !isPublicAddress(host)) throw new TypeError('fetch failed', { cause: nonPublicAddressError(host) });
    return undiciFetch(input as Parameters<typeof undiciFetch>[0], { ...(init as Parameters<typeof undiciFetch>[1]), dispatcher: agent });
  };
}
