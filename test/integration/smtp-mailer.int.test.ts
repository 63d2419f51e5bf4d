// E-mail over SMTP against a real SMTP server (smtp-server) with a certificate generated for this
// run and trusted through its PEM (the SMTP_CA_FILE path), never by turning verification off:
// implicit TLS (465 style), STARTTLS required (587 style), and a server without STARTTLS, which the
// mailer must refuse rather than send the password and the message in clear.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, defaultTlsMode, type SmtpSettings } from '../../src/adapters/mail/smtp.js';
import type { Notification } from '../../src/domain/notification.message.js';
import { decodeQuotedPrintable, generateTestCertificate, startSmtpStandIn, type SmtpStandIn } from '../support/stand-ins/smtp-stand-in.js';

const n: Notification = {
  kind: 'run_failed',
  org_id: 'org_a',
  title: 'Run failed: jira ENG',
  summary: 'The run failed: board unreachable',
  facts: [{ name: 'Run', value: 'run-9' }],
  link_path: '/api/runs/run-9',
};

let implicit: SmtpStandIn;
let starttls: SmtpStandIn;
let noTls: SmtpStandIn;
beforeAll(async () => {
  const certificate = await generateTestCertificate();
  [implicit, starttls, noTls] = await Promise.all([
    startSmtpStandIn({ mode: 'implicit', certificate }),
    startSmtpStandIn({ mode: 'starttls', certificate }),
    startSmtpStandIn({ mode: 'no-tls', certificate }),
  ]);
});
afterAll(async () => {
  await Promise.all([implicit?.close(), starttls?.close(), noTls?.close()]);
});

const settings = (s: SmtpStandIn, extra: Partial<SmtpSettings> = {}): SmtpSettings => ({
  host: s.host,
  port: s.port,
  user: s.user,
  password: s.password,
  from: 'Sprintguard <sprintguard@example.test>',
  ca: s.ca,
  timeoutMs: 5_000,
  ...extra,
});

describe('SMTP mailer', () => {
  it('port 465 means implicit TLS, any other port STARTTLS', () => {
    expect(defaultTlsMode(465)).toBe('implicit');
    expect(defaultTlsMode(587)).toBe('starttls');
    expect(defaultTlsMode(25)).toBe('starttls');
  });

  it('implicit TLS: delivers subject, text and html to one recipient over an encrypted session', async () => {
    const mailer = createSmtpMailer(settings(implicit, { tls: 'implicit' }));
    expect(await mailer.send(n, 'ops@acme.test')).toEqual({ ok: true });
    const [mail] = implicit.messages;
    expect(mail).toMatchObject({ from: 'sprintguard@example.test', to: ['ops@acme.test'], secure: true });
    expect(mail!.raw).toContain('Subject: Run failed: jira ENG');
    const text = decodeQuotedPrintable(mail!.raw);
    expect(text).toContain('The run failed: board unreachable');
    expect(text).toContain('/api/runs/run-9');
    expect(text).toContain('text/html');
    mailer.close();
  });

  it('STARTTLS: the session is upgraded before authentication and the message', async () => {
    const mailer = createSmtpMailer(settings(starttls, { tls: 'starttls' }));
    await mailer.verify();
    expect(await mailer.send(n, 'dev@acme.test')).toEqual({ ok: true });
    expect(starttls.messages.at(-1)).toMatchObject({ to: ['dev@acme.test'], secure: true });
    mailer.close();
  });

  it('refuses a server that does not offer STARTTLS: nothing is sent, and it is not retried', async () => {
    const out = await createSmtpMailer(settings(noTls, { tls: 'starttls' })).send(n, 'ops@acme.test');
    expect(out).toMatchObject({ ok: false, retryable: false, message: expect.stringContaining('ETLS') });
    expect(noTls.messages).toEqual([]);
  });

  it('refuses a certificate it was not told to trust', async () => {
    const { ca: _ca, ...untrusted } = settings(starttls, { tls: 'starttls' });
    const before = starttls.messages.length;
    const out = await createSmtpMailer(untrusted).send(n, 'ops@acme.test');
    expect(out).toMatchObject({ ok: false, retryable: false });
    expect(starttls.messages.length).toBe(before);
  });

  it('a wrong password is final; a 4xx reply (try later) is retryable; no reply text is kept', async () => {
    const wrong = await createSmtpMailer(settings(starttls, { password: 'nope' })).send(n, 'ops@acme.test');
    expect(wrong).toMatchObject({ ok: false, retryable: false, message: expect.stringContaining('EAUTH') });
    expect(JSON.stringify(wrong)).not.toContain('nope');
    starttls.failNext(1, 451);
    const later = await createSmtpMailer(settings(starttls)).send(n, 'ops@acme.test');
    expect(later).toMatchObject({ ok: false, retryable: true, message: expect.stringContaining('451') });
    expect(JSON.stringify(later)).not.toContain('Try again later');
  });
});
