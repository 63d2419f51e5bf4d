// Which URLs an SNS message may make us fetch (SigningCertURL) or visit (SubscribeURL). A message
// is attacker-controlled until its signature is checked, and the signature is checked with the
// certificate the message itself points to: the host rule is what ties trust to AWS.
//
// Production rule: https, no credentials, default port, host `sns.<region>.amazonaws.com` or
// `sns.<region>.amazonaws.com.cn`, anchored (sns.us-east-1.amazonaws.com.evil.io is refused).
// The rule is a dependency: only the test harness passes another one (never configuration).

/** Decides whether a parsed https URL's host may be trusted as SNS. */
export type SnsHostRule = (url: URL) => boolean;

const AWS_SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;

export const awsSnsHostRule: SnsHostRule = (url) => url.port === '' && AWS_SNS_HOST.test(url.hostname);

// AWS names its signing certificates `SimpleNotificationService-<hex>.pem` at the host's root. Any
// other path is refused before fetching: each distinct URL would cost an outbound request on an
// unauthenticated route.
export const AWS_CERTIFICATE_PATH = /^\/SimpleNotificationService-[0-9a-f]{1,64}\.pem$/;

export class SnsUrlError extends Error {
  override readonly name = 'SnsUrlError';
}

/**
 * The URL when it passes the rule; throws SnsUrlError otherwise. `pem`: the path must end in
 * `.pem` (certificate URLs) and match `certificatePath` when given (no query either then).
 */
export function checkSnsUrl(text: string, field: string, hostRule: SnsHostRule, options: { pem: boolean; certificatePath?: RegExp }): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SnsUrlError(`${field} is not a URL`);
  }
  if (url.protocol !== 'https:') throw new SnsUrlError(`${field} must be an https URL`);
  if (url.username || url.password) throw new SnsUrlError(`${field} must not carry credentials`);
  if (!hostRule(url)) throw new SnsUrlError(`${field} is not on an SNS host`);
  if (options.pem && !url.pathname.endsWith('.pem')) throw new SnsUrlError(`${field} must name a .pem file`);
  if (options.pem && options.certificatePath && (!options.certificatePath.test(url.pathname) || url.search !== '')) {
    throw new SnsUrlError(`${field} must be an SNS signing certificate (/SimpleNotificationService-<hex>.pem)`);
  }
  return url;
}
