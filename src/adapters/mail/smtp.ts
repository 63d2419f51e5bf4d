// E-mail notifications over SMTP with nodemailer (docs/notifications.md, "SMTP"). TLS is never
// optional: port 465 speaks implicit TLS; every other port (587 first of all) must upgrade with
// STARTTLS (`requireTLS`), and a server that does not offer it is refused rather than sent the
// password and the message in clear. A private CA (tests, an internal relay) is trusted through its
// PEM (SMTP_CA_FILE), never by turning certificate checks off.
import nodemailer from 'nodemailer';
import type { Notification } from '../../domain/notification.message.js';
import type { AttemptOutcome, NotificationChannel } from '../chat/channel.js';

export interface SmtpSettings {
  host: string;
  port: number;
  /** implicit: TLS from the first byte; starttls: upgrade required. Default: implicit on 465, else starttls. */
  tls?: SmtpTlsMode;
  user?: string;
  password?: string;
  /** The From address, e.g. "Sprintguard <sprintguard@example.com>". */
  from: string;
  /** PEM certificates to trust in addition to the system's (a private CA). */
  ca?: string;
  /** Connection, greeting and socket timeouts (default 10 s). */
  timeoutMs?: number;
}

export type SmtpTlsMode = 'implicit' | 'starttls';

/** Port 465 is SMTP submission over implicit TLS (RFC 8314); every other port upgrades with STARTTLS. */
export const defaultTlsMode = (port: number): SmtpTlsMode => (port === 465 ? 'implicit' : 'starttls');

export interface SmtpMailer extends NotificationChannel {
  /** Connects, upgrades and authenticates without sending (readiness, a connection test). */
  verify(): Promise<void>;
  close(): void;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderEmail(n: Notification): Omit<MailMessage, 'to'> {
  const link = n.link_url ?? n.link_path;
  const text = [n.summary, '', ...n.facts.map((f) => `${f.name}: ${f.value}`), '', link, ''].join('\n');
  const rows = n.facts.map((f) => `<tr><th align="left" style="padding-right:12px">${escapeHtml(f.name)}</th><td>${escapeHtml(f.value)}</td></tr>`).join('');
  const anchor = n.link_url ? `<a href="${escapeHtml(n.link_url)}">Open in Sprintguard</a>` : `<code>${escapeHtml(n.link_path)}</code>`;
  const html = `<!doctype html><html><body><h2>${escapeHtml(n.title)}</h2><p>${escapeHtml(n.summary).replace(/\n/g, '<br>')}</p><table>${rows}</table><p>${anchor}</p></body></html>`;
  // Header injection is impossible through nodemailer's subject encoding, but a newline in a title
  // would still fold oddly: subjects are one line.
  return { subject: n.title.replace(/[\r\n]+/g, ' '), text, html };
}

/** nodemailer's error fields: `code` (ECONNECTION, ETIMEDOUT, EAUTH, ETLS…) and the server's reply code. */
interface SmtpError {
  code?: string;
  responseCode?: number;
  command?: string;
}

/**
 * Retry only what proves the message was not taken: a 4xx reply ("try again later") or a connection
 * that never opened. A timeout or a broken socket during DATA may have delivered it: not retried.
 * The server's reply text is left out of the outcome (it can hold diagnostics about the recipient).
 */
export function classifySmtpError(err: unknown): AttemptOutcome {
  const e = (err && typeof err === 'object' ? err : {}) as SmtpError;
  const code = typeof e.code === 'string' ? e.code : 'error';
  const reply = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const during = typeof e.command === 'string' ? ` during ${e.command.split(' ')[0]}` : '';
  const message = `SMTP ${code}${reply !== undefined ? ` ${reply}` : ''}${during}`;
  if (reply !== undefined && reply >= 400 && reply < 500) return { ok: false, retryable: true, message };
  if (code === 'ECONNECTION' && reply === undefined) return { ok: false, retryable: true, message };
  return { ok: false, retryable: false, message };
}

export function createSmtpMailer(settings: SmtpSettings): SmtpMailer {
  const timeout = settings.timeoutMs ?? 10_000;
  const implicitTls = (settings.tls ?? defaultTlsMode(settings.port)) === 'implicit';
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: implicitTls,
    // Not implicit TLS: STARTTLS is mandatory (nodemailer otherwise upgrades only when offered).
    requireTLS: !implicitTls,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    tls: { ...(settings.ca ? { ca: [settings.ca] } : {}), minVersion: 'TLSv1.2' },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  async function sendMessage(message: MailMessage): Promise<AttemptOutcome> {
    try {
      await transport.sendMail({ from: settings.from, ...message });
      return { ok: true };
    } catch (err) {
      return classifySmtpError(err);
    }
  }
  return {
    kind: 'email',
    async send(n, recipient) {
      if (!recipient) return { ok: false, retryable: false, message: 'no recipient' };
      return sendMessage({ to: recipient, ...renderEmail(n) });
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}
