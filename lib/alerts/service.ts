/**
 * The alerts as this app instance runs them: its mailer (from `SMTP_URL`, `MAIL_FROM`, DKIM) and
 * the outbox run the scheduler, the cron route and the forms' handlers call.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/db/open';
import { dataDir, env } from '@/lib/env';
import { createMailer, type Mailer } from './mailer';
import { ValidationError } from '@/lib/errors';
import { redact, runOutbox, type OutboxRun } from './outbox';
import { testMessage } from './templates';

let mailer: Mailer | undefined;

/** This instance's mailer (one SMTP pool for the process). */
export function appMailer(): Mailer {
  mailer ??= createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    mailDir: path.join(dataDir, 'mail'),
    dkim:
      env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY_FILE
        ? { domainName: env.DKIM_DOMAIN, keySelector: env.DKIM_SELECTOR, privateKey: fs.readFileSync(env.DKIM_PRIVATE_KEY_FILE, 'utf8') }
        : undefined,
  });
  return mailer;
}

let running: Promise<OutboxRun> | null = null;

/**
 * Sends the alerts due now with this instance's mailer. A call while a run is under way in this
 * process joins it (other instances are kept apart by the outbox's locks). Never throws: a failure
 * is logged (without any address) and the messages wait for the next run.
 */
export function sendDueAlerts(db: Db, options: { budgetMs?: number } = {}): Promise<OutboxRun> {
  running ??= runOutbox(db, {
    mailer: appMailer(),
    siteUrl: env.SITE_URL,
    mailFrom: env.MAIL_FROM,
    timeZone: env.TIME_ZONE,
    budgetMs: options.budgetMs,
  })
    .then((run) => {
      if (run.sent + run.failed > 0)
        console.info(`Alertes : ${run.sent} message(s) envoyé(s), ${run.retried} à réessayer, ${run.failed} abandonné(s).`);
      return run;
    })
    .catch((error: unknown) => {
      console.error('Alertes : échec de l’envoi, nouvel essai au prochain passage.', error instanceof Error ? error.message : error);
      return { sent: 0, retried: 0, failed: 0 };
    })
    .finally(() => {
      running = null;
    });
  return running;
}

/**
 * The back-office's test message to one address (the sender's own account); a refusal of the mail
 * server is said in French, its text without any address.
 */
export async function sendTestMessage(to: string): Promise<void> {
  try {
    await appMailer().send({ to, ...testMessage('fr') });
  } catch (error) {
    throw new ValidationError(`Le serveur d’envoi a refusé le message : ${redact(error instanceof Error ? error.message : String(error))}`);
  }
}
