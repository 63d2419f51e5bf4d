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

export class SnsUrlError extends Error {
  override readonly name = 'SnsUrlError';
}

/**
 * The URL when it passes the rule; throws SnsUrlError otherwise. `pem`: the path must end in
 * `.pem` (certificate URLs).
 */
export function checkSnsUrl(text: string, field: string, hostRule: SnsHostRule, options: { pem: boolean }): URL {
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
  return url;
}
