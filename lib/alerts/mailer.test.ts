/**
 * Without SMTP_URL nothing is sent: each message is written whole as an `.eml` file (headers of
 * RFC 8058 included) under the mail folder, where a mail client or the e2e tests read it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer, smtpConnection } from './mailer';
import { redact } from './outbox';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'insstat-mail-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the mailer without SMTP', () => {
  it('writes each message as an .eml file with its text and HTML parts and the one-click headers', async () => {
    const mailer = createMailer({ from: 'Institut <alertes@stat.example>', mailDir: path.join(dir, 'mail') });
    expect(mailer.kind).toBe('files');
    await mailer.send({
      to: 'lecteur@example.org',
      subject: 'Parution : IPC',
      text: 'Texte',
      html: '<p>HTML</p>',
      unsubscribeUrl: 'https://stat.example/api/alertes/desabonnement?jeton=abc',
    });
    const files = fs.readdirSync(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = fs
      .readFileSync(path.join(dir, 'mail', files[0]!), 'utf8')
      .replace(/\r\n/g, '\n')
      .replace(/\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^To: lecteur@example\.org$/m);
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/stat\.example\/api\/alertes\/desabonnement\?jeton=abc>$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(raw).toContain('text/plain');
    expect(raw).toContain('text/html');
  });

  it('keeps addresses out of the errors it stores', () => {
    expect(redact('550 5.1.1 <x.y@example.org>: Recipient address rejected')).toBe('550 5.1.1 <[adresse]>: Recipient address rejected');
  });
});

describe('SMTP_URL', () => {
  it('gives host, port, TLS and decoded credentials (nodemailer’s `url` would drop the pool and DKIM beside it)', () => {
    expect(smtpConnection('smtps://alertes%40stat.example:p%40ss%3Aw@mail.stat.example')).toEqual({
      host: 'mail.stat.example',
      port: 465,
      secure: true,
      auth: { user: 'alertes@stat.example', pass: 'p@ss:w' },
    });
    expect(smtpConnection('smtp://127.0.0.1:2525')).toEqual({ host: '127.0.0.1', port: 2525, secure: false });
    expect(() => smtpConnection('http://mail.stat.example')).toThrow(/SMTP_URL/);
  });
});
