/**
 * Sends the alerts: nodemailer over SMTP (`SMTP_URL`, pooled connections, DKIM when configured),
 * or, without `SMTP_URL`, writes each message as an `.eml` file under `DATA_DIR/mail/` (a
 * development install sends nothing; the files open in any mail client).
 */
import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Rendered } from './templates';

export type Mail = Rendered & {
  to: string;
  /** Drawn once per outbox message (`<random@domain>`), so a receiving server drops a retry's duplicate. */
  messageId?: string;
  /** The message's one-click unsubscribe address (RFC 8058), and the page to change one's topics. */
  unsubscribeUrl?: string;
};

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /** Closes pooled connections. */
  close(): void;
  /** `smtp` or `files` (said by the back-office). */
  kind: 'smtp' | 'files';
};

export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  /** Where `.eml` files go without SMTP. */
  mailDir: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Parallel SMTP connections of the pool. */
  maxConnections?: number;
};

/**
 * The headers DKIM signs: nodemailer's default list (RFC 6376 §5.4's) with RFC 8058's
 * `List-Unsubscribe-Post`, which must be signed for one-click unsubscribe to be honoured and which
 * nodemailer leaves out.
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

/**
 * SMTP connection options from `SMTP_URL` (`smtp://` or `smtps://`, credentials URL-encoded).
 * nodemailer's own `url` option cannot be used: given a `url`, it ignores every other option
 * (pool, DKIM) passed beside it.
 */
export function smtpConnection(smtpUrl: string): { host: string; port: number; secure: boolean; auth?: { user: string; pass: string } } {
  const url = new URL(smtpUrl);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL : protocole ${url.protocol} inconnu (smtp: ou smtps:)`);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } } : {}),
  };
}

/** The domain of a `From` address (`Institut <alertes@stat.example>` → `stat.example`), if any. */
export function domainOfAddress(from: string): string | undefined {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from.trim())?.[1]?.toLowerCase();
}

/** An SMTP error of a permanent kind (5xx): retrying will not help. */
export const isPermanent = (error: unknown): boolean => {
  const code = (error as { responseCode?: number } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

function message(from: string, mail: Mail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
    ...(mail.unsubscribeUrl
      ? {
          // nodemailer writes `List-Unsubscribe: <https://…>`; RFC 8058's one-click header is ours.
          list: { unsubscribe: mail.unsubscribeUrl },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

/** The mailer of this configuration. */
export function createMailer(o: MailerOptions): Mailer {
  if (o.smtpUrl) {
    const options: SMTPPool.Options = {
      ...smtpConnection(o.smtpUrl),
      pool: true,
      maxConnections: o.maxConnections ?? 8,
      maxMessages: 1000,
      ...(o.dkim ? { dkim: { ...o.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
    };
    const transport = nodemailer.createTransport(options);
    return {
      kind: 'smtp',
      send: async (mail) => {
        await transport.sendMail(message(o.from, mail));
      },
      close: () => transport.close(),
    };
  }
  // Signed too when DKIM is configured, so a written message is the one SMTP would have carried.
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    ...(o.dkim ? { dkim: { ...o.dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
  });
  let made = false;
  let n = 0;
  return {
    kind: 'files',
    send: async (mail) => {
      const info = await transport.sendMail(message(o.from, mail));
      if (!made) {
        fs.mkdirSync(o.mailDir, { recursive: true });
        made = true;
      }
      n += 1;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}-${n}.eml`;
      const file = path.join(o.mailDir, name);
      await fs.promises.writeFile(`${file}.part`, info.message as Buffer);
      await fs.promises.rename(`${file}.part`, file);
    },
    close: () => {},
  };
}
