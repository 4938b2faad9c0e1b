/**
 * Scheduled work for hosts where the production server's timers do not run (`next start`, a
 * serverless platform): the platform's cron calls `GET /api/cron` every minute with
 * `Authorization: Bearer $CRON_SECRET`. One run publishes every item, release and series version
 * whose time has come (`publishDueItems`: one transaction under a database lock, so two runs at
 * once never publish twice) and reads the queued documents' text for the search. Idempotent: a run
 * with nothing due changes nothing.
 */
import { publishDueItems, type PublishedItem } from '@/lib/ops/scheduler';
import type { Db } from '@/lib/db/open';
import { sameSecret } from '@/lib/http/internal';
import { json } from '@/lib/http/responses';
import { currentTime } from '@/lib/clock';

export type CronDeps = {
  /** `CRON_SECRET`; without it the route does not exist (404). */
  secret: string | undefined;
  getDb: () => Promise<Db>;
  /** Expires the cache tags of what went online (`invalidateTags`). */
  invalidate: (tags: string[]) => void | Promise<void>;
  /** Sends the email alerts due (lib/alerts/service.ts), within the call's time. */
  sendAlerts?: (db: Db) => Promise<unknown>;
  /** Reads queued documents' text (the search); none when extraction is off. */
  extract?: () => Promise<void>;
  now?: () => Date;
};

export type CronRun = { published: PublishedItem[]; tags: number };

/** `GET /api/cron`: 404 unless configured, 401 without the secret, else one run and what it published. */
export async function handleCron(request: Request, deps: CronDeps): Promise<Response> {
  if (!deps.secret) return json({ error: 'Introuvable.' }, { status: 404 });
  const given = (request.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
  if (!sameSecret(given, deps.secret)) return json({ error: 'Secret de la tâche planifiée absent ou faux.' }, { status: 401 });
  const db = await deps.getDb();
  const { published, tags } = await publishDueItems(db, deps.now?.() ?? currentTime());
  if (tags.length > 0) await deps.invalidate(tags);
  if (published.length > 0) console.info(`Mise en ligne programmée (cron) : ${published.map((p) => `« ${p.title} »`).join(', ')}.`);
  await deps.sendAlerts?.(db);
  await deps.extract?.();
  const run: CronRun = { published, tags: tags.length };
  return json(run);
}
