// A real SMTP server (the `smtp-server` package) with a certificate generated for this run by
// `selfsigned` (never a committed key), in one of three modes:
//   implicit  — TLS from the first byte (port-465 style);
//   starttls  — plain greeting, STARTTLS offered and required before AUTH (port-587 style);
//   no-tls    — STARTTLS disabled: a client that requires TLS must refuse to go on.
// It checks AUTH PLAIN/LOGIN credentials and records each accepted message (envelope, raw RFC 822
// text, whether the session was encrypted).
//
//   const smtp = await startSmtpStandIn({ mode: 'starttls' });
//   smtp.port, smtp.caFile (PEM path for SMTP_CA_FILE), smtp.ca (PEM), smtp.user / smtp.password
//   smtp.messages                 // [{ from, to: string[], raw, secure }]
//   smtp.failNext(1, 451)         // next RCPT answers 451 (try again later)
//   await smtp.close();
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { SMTPServer } from 'smtp-server';

export type SmtpMode = 'implicit' | 'starttls' | 'no-tls';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
  secure: boolean;
}

/** A certificate for localhost and 127.0.0.1, made for this run. */
export async function generateTestCertificate(): Promise<{ key: string; cert: string }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** Decodes quoted-printable soft breaks and escapes, enough to assert on a message's text. */
export const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export async function startSmtpStandIn(options: { mode: SmtpMode; user?: string; password?: string; certificate?: { key: string; cert: string } }) {
  const user = options.user ?? 'notifier';
  const password = options.password ?? 'smtp-pass-s3cret';
  const { key, cert } = options.certificate ?? (await generateTestCertificate());
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sprintguard-smtp-'));
  const caFile = path.join(dir, 'ca.pem');
  await fs.writeFile(caFile, cert);
  const messages: ReceivedMail[] = [];
  const faults: number[] = [];

  const server = new SMTPServer({
    secure: options.mode === 'implicit',
    key,
    cert,
    authOptional: false,
    // Without TLS the server would accept AUTH in clear only if allowed; keep the default refusal.
    ...(options.mode === 'no-tls' ? { disabledCommands: ['STARTTLS'], allowInsecureAuth: true } : {}),
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) callback(null, { user });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      const status = faults.shift();
      if (status !== undefined) {
        const err = Object.assign(new Error('Try again later'), { responseCode: status });
        callback(err);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    port,
    host: '127.0.0.1',
    ca: cert,
    caFile,
    user,
    password,
    messages,
    failNext(count: number, status: number) {
      for (let i = 0; i < count; i++) faults.push(status);
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
