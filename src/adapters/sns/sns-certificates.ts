// Signing certificates of SNS, fetched from the (already policy-checked) SigningCertURL and kept
// in a cache bounded in size (least recently used out) and in age. Concurrent messages naming the
// same URL share one fetch. Validity is checked on every use, not only when fetched.
import { X509Certificate, type KeyObject } from 'node:crypto';
import { httpsGetNoRedirect, SnsFetchError, type SnsHttpsOptions } from './sns-https.js';

export interface CertificateCacheOptions extends SnsHttpsOptions {
  maxEntries: number;
  maxAgeMs: number;
  now: () => number;
}

interface Entry {
  promise: Promise<X509Certificate>;
  fetchedAt: number;
}

export class SnsCertificateError extends Error {
  override readonly name = 'SnsCertificateError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface CertificateSource {
  publicKey(url: URL): Promise<KeyObject>;
  /** Fetches done so far (tests check the cache with it). */
  readonly fetches: number;
}

export function createCertificateCache(options: CertificateCacheOptions): CertificateSource {
  const entries = new Map<string, Entry>();
  let fetches = 0;

  async function load(url: URL): Promise<X509Certificate> {
    fetches++;
    let pem: string;
    try {
      pem = await httpsGetNoRedirect(url, options);
    } catch (err) {
      if (err instanceof SnsFetchError) throw new SnsCertificateError(`The signing certificate URL ${err.message}`, err.retryable);
      throw err;
    }
    try {
      return new X509Certificate(pem);
    } catch {
      throw new SnsCertificateError('The signing certificate URL did not serve a certificate', false);
    }
  }

  return {
    get fetches() {
      return fetches;
    },
    async publicKey(url) {
      const key = url.href;
      const now = options.now();
      let entry = entries.get(key);
      if (entry && now - entry.fetchedAt > options.maxAgeMs) {
        entries.delete(key);
        entry = undefined;
      }
      if (entry) {
        // Refresh the recency (Map keeps insertion order: the first key is the least recently used).
        entries.delete(key);
        entries.set(key, entry);
      } else {
        entry = { promise: load(url), fetchedAt: now };
        entries.set(key, entry);
        while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
        // A failed fetch is not cached: the next message tries again.
        entry.promise.catch(() => {
          if (entries.get(key) === entry) entries.delete(key);
        });
      }
      const cert = await entry.promise;
      const at = options.now();
      if (at < Date.parse(cert.validFrom) || at > Date.parse(cert.validTo)) {
        throw new SnsCertificateError('The signing certificate is not valid now', false);
      }
      return cert.publicKey;
    },
  };
}
