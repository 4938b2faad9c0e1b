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
  /** Deterministic per subscriber and event, so a receiving server can recognise a repeat. */
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
    const options: SMTPPool.Options & { url: string } = {
      url: o.smtpUrl,
      pool: true,
      maxConnections: o.maxConnections ?? 8,
      maxMessages: 1000,
      ...(o.dkim ? { dkim: o.dkim } : {}),
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
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
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
