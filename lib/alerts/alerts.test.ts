/**
 * Email alerts end to end inside the process, on real databases and a real SMTP server
 * (`smtp-server`, messages read back with `mailparser`): double opt-in and its expiry, the release
 * and correction messages queued by the scheduler's transaction, RFC 8058 headers and one-click
 * unsubscribe, and the outbox's promises: never twice for one subscriber and event with two
 * runners at once, and a run that dies mid-send taken over by the next. Every message is DKIM-signed
 * and checked by dkimpy (testing/dkim.ts), one-click headers included in the signature.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { openDatabase, type Database, type Db } from '@/lib/db/open';
import { series, users } from '@/lib/db/schema';
import { publishDueItems } from '@/lib/ops/scheduler';
import { createRelease } from '@/lib/releases/mutations';
import { reviewRelease } from '@/lib/releases/review';
import { setSelfApproval } from '@/lib/review/settings';
import { publishVersions } from '@/lib/series/versions';
import { cellCountOf } from '@/lib/tables/model';
import { writeTableVersion } from '@/lib/tables/versions';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { dkimSignedHeaders, dkimVerifies, makeTestDkim } from '@/testing/dkim';
import { startTestSmtp, type Received, type TestSmtp } from '@/testing/smtp';
import { insertSmallTable, smallStructure } from '@/testing/tables-fixture';
import { handleManage, handleSubscribe, handleUnsubscribePost } from './http';
import { createMailer, type Mailer } from './mailer';
import { runOutbox } from './outbox';
import { alertOutbox, alertSubscribers } from './schema';
import { confirmSubscription, preferencesOfToken, subscribe, subscribeSchema } from './subscriptions';

const SITE = 'https://stat.example';
const MINUTE = 60_000;

/** The token of the first link to `path` in a message. */
const tokenIn = (mail: Received, path: string) => {
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?jeton=([A-Za-z0-9_-]{43})`).exec(mail.text ?? '');
  if (!match) throw new Error(`pas de lien ${path} dans :\n${mail.text}`);
  return match[1]!;
};

describe.each(testDatabaseKinds)('email alerts on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let smtp: TestSmtp;
  let mailer: Mailer;
  let user: SessionUser;
  const t0 = new Date();
  const dkim = makeTestDkim('stat.example', 'alertes2026');
  const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);
  const run = (now: Date, o: Partial<Parameters<typeof runOutbox>[1]> = {}, on: Db = db) =>
    runOutbox(on, { mailer, siteUrl: SITE, mailFrom: 'Institut <alertes@stat.example>', timeZone: 'UTC', now: () => now, ...o });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
    const [row] = await db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    user = row!;
    smtp = await startTestSmtp();
    mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Institut <alertes@stat.example>',
      mailDir: '/nonexistent',
      maxConnections: 2,
      dkim: { domainName: dkim.domainName, keySelector: dkim.keySelector, privateKey: dkim.privateKey },
    });
  });
  afterAll(async () => {
    mailer?.close();
    await smtp?.close();
    await database?.close();
  });
  // Each case starts without subscribers (their messages go with them) and with an empty inbox.
  beforeEach(async () => {
    await db.delete(alertSubscribers);
  });
  // Whatever a case sent (confirmation, preferences link, release, corrections) carries a signature
  // that verifies, and alerts sign both RFC 8058 headers.
  afterEach(() => {
    const mails = [...smtp.received];
    smtp.received.length = 0;
    if (mails.length === 0) return;
    expect(
      dkimVerifies(
        mails.map((m) => m.source),
        dkim,
      ),
      'DKIM',
    ).toEqual(mails.map(() => true));
    for (const m of mails.filter((m) => /^List-Unsubscribe-Post:/m.test(m.raw))) {
      expect(dkimSignedHeaders(m.source)).toEqual(
        expect.arrayContaining(['from', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post']),
      );
    }
  });

  /** Subscribes and confirms through the message, as a reader would; returns nothing (the outbox is empty after). */
  async function confirmed(email: string, input: { areas: string[]; topic?: 'both' | 'releases' | 'corrections'; locale?: 'fr' | 'en' }) {
    const before = smtp.received.length;
    await subscribe(db, subscribeSchema('fr').parse({ email, topic: 'both', ...input }), { now: t0 });
    await run(t0);
    const mail = (await smtp.waitFor(before + 1)).find((m) => m.to_ === email && /Confirm/.test(m.subject ?? ''))!;
    expect(await confirmSubscription(db, tokenIn(mail, '/alertes/confirmation'), t0)).toBe('confirmed');
  }

  async function approvedRelease(title: string, minutes: number, area = 'ipc') {
    const created = await createRelease(db, {
      input: { title, area, scheduledAt: at(minutes), provisionalLabel: null, contact: '' },
      actor: { user },
      now: t0,
    });
    if (!created.ok) throw new Error(created.error);
    return created;
  }

  it('sends only a confirmation until its link is followed, and the form answers alike for a known address', async () => {
    const form = (email: string) => {
      const body = new URLSearchParams({ email, topic: 'both', locale: 'fr' });
      body.append('areas[]', 'ipc');
      return new Request(`${SITE}/api/alertes`, { method: 'POST', body });
    };
    const first = await handleSubscribe(form('Lecteur@Example.org'), { db, ip: '10.0.0.1', now: t0 });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/alertes?envoye=1');
    await run(t0);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to_).toBe('lecteur@example.org');
    expect(mail!.subject).toBe('Confirmez votre abonnement aux alertes');
    expect(mail!.html).toContain('/alertes/confirmation?jeton=');
    expect(mail!.text).toMatch(/48 heures/);
    // Not yet confirmed: a release of its area sends it nothing.
    const [row] = await db.select().from(alertSubscribers).where(eq(alertSubscribers.email, 'lecteur@example.org'));
    expect(row!.confirmedAt).toBeNull();
    expect(row!.confirmTokenHash).not.toContain(tokenIn(mail!, '/alertes/confirmation'));

    expect(await confirmSubscription(db, tokenIn(mail!, '/alertes/confirmation'), at(60))).toBe('confirmed');
    // Asked again for a confirmed address: the same answer, a message with the link to its preferences, preferences unchanged.
    const again = await handleSubscribe(form('lecteur@example.org'), { db, ip: '10.0.0.1', now: at(61) });
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    await run(at(61));
    const [, manage] = await smtp.waitFor(2);
    expect(manage!.subject).toBe('Vos alertes : gérer votre abonnement');
    expect(await preferencesOfToken(db, tokenIn(manage!, '/alertes/gerer'))).toMatchObject({
      areas: ['ipc'],
      maskedEmail: 'l••••@example.org',
    });
    // Bad input changes nothing and says which field.
    const bad = await handleSubscribe(new Request(`${SITE}/api/alertes`, { method: 'POST', body: new URLSearchParams({ email: 'x' }) }), {
      db,
      ip: '10.0.0.1',
    });
    expect(bad.headers.get('location')).toMatch(/^\/alertes\?erreur=email/);
  });

  it('refuses an expired confirmation link (48 h) and deletes addresses never confirmed after 7 days', async () => {
    await subscribe(db, subscribeSchema('en').parse({ email: 'late@example.org', areas: ['tout'], topic: 'releases', locale: 'en' }), {
      now: t0,
    });
    await run(t0);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Confirm your subscription to alerts');
    expect(mail!.text).toContain(`${SITE}/en/alertes/confirmation?jeton=`);
    const token = tokenIn(mail!, '/alertes/confirmation');
    expect(await confirmSubscription(db, token, at(49 * 60))).toBe('expired');
    expect(await confirmSubscription(db, 'x'.repeat(43), t0)).toBe('unknown');
    await run(at(7 * 24 * 60 + 1));
    expect(await db.select().from(alertSubscribers).where(eq(alertSubscribers.email, 'late@example.org'))).toEqual([]);
  });

  it('rate limits subscriptions per address', async () => {
    const input = subscribeSchema('fr').parse({ email: 'spam@example.org', areas: ['ipc'], topic: 'both' });
    for (let i = 0; i < 3; i++) await subscribe(db, input, { ip: '10.9.9.9', now: t0 });
    await expect(subscribe(db, input, { ip: '10.9.9.8', now: t0 })).rejects.toThrow(/Trop de demandes/);
    await run(t0);
    // One confirmation waiting at a time: three requests, one message.
    expect(smtp.received.filter((m) => m.to_ === 'spam@example.org')).toHaveLength(1);
  });

  it('tells subscribers of the area when a release goes out, with its links, key figure, next date and RFC 8058 headers', async () => {
    await confirmed('ipc@example.org', { areas: ['ipc'] });
    await confirmed('en@example.org', { areas: ['tout'], topic: 'releases', locale: 'en' });
    await confirmed('other@example.org', { areas: ['ipi'] });
    await confirmed('corr@example.org', { areas: ['ipc'], topic: 'corrections' });
    smtp.received.length = 0;

    const release = await approvedRelease('Indice des prix, octobre', 60);
    const next = await approvedRelease('Indice des prix, novembre', 60 * 24 * 30);
    await db
      .insert(series)
      .values({ code: 'IPC_AL', area: 'ipc', label: 'IPC alertes', unit: 'indice', basePeriod: '2020', frequency: 'monthly' });
    const version = await publishVersions(db, {
      values: new Map([['IPC_AL', [{ period: '2026-10-01', value: 121.4, status: 'A' }]]]),
      releaseId: release.id,
      kind: 'revision',
      reason: 'Publication mensuelle.',
      actor: { user },
      approver: true,
      now: t0,
    });
    expect(version.ok).toBe(true);
    for (const r of [release, next]) {
      expect(await reviewRelease(db, { id: r.id, expectedVersion: 1, step: 'approve', actor: { user }, now: t0 })).toMatchObject({
        ok: true,
      });
    }
    await publishDueItems(db, at(59));
    expect(await db.select().from(alertOutbox).where(eq(alertOutbox.kind, 'release'))).toEqual([]);
    await publishDueItems(db, at(60));
    await publishDueItems(db, at(61)); // a second run queues nothing more
    expect(await db.select().from(alertOutbox).where(eq(alertOutbox.kind, 'release'))).toHaveLength(2);

    expect(await run(at(60))).toMatchObject({ sent: 2, failed: 0 });
    const mails = await smtp.waitFor(2);
    const fr = mails.find((m) => m.to_ === 'ipc@example.org')!;
    const en = mails.find((m) => m.to_ === 'en@example.org')!;
    expect(fr.subject).toBe('Parution : Indice des prix, octobre');
    expect(fr.text).toContain(`${SITE}/calendrier/${release.slug}`);
    expect(fr.text).toContain(`${SITE}/indice/ipc/series/IPC_AL`);
    expect(fr.text).toMatch(/Chiffre clé : IPC alertes, octobre 2026\u00a0: 121,4 \(indice\)/);
    expect(fr.text).toContain('Prochaine parution : Indice des prix, novembre');
    expect(fr.html).toContain(`href="${SITE}/calendrier/${next.slug}"`);
    expect(en.subject).toBe('Release: Indice des prix, octobre');
    expect(en.text).toContain(`${SITE}/en/calendrier/${release.slug}`);
    expect(en.text).toMatch(/Key figure: IPC alertes, October 2026: 121\.4/);

    // RFC 8058: an https List-Unsubscribe and the one-click POST header, both parts present.
    const header = String(fr.headers.get('list-unsubscribe') ?? fr.raw.match(/^List-Unsubscribe: (.*)$/m)?.[1]);
    expect(fr.raw).toMatch(/^List-Unsubscribe: <https:\/\/stat\.example\/api\/alertes\/desabonnement\?jeton=[A-Za-z0-9_-]{43}>/m);
    expect(fr.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(header).toContain('https://');
    expect(fr.text).toBeTruthy();
    expect(fr.html).toBeTruthy();

    // One-click: the provider's POST unsubscribes that address, and only it.
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(fr.raw)![1]!;
    const response = await handleUnsubscribePost(
      new Request(oneClick, { method: 'POST', body: new URLSearchParams({ 'List-Unsubscribe': 'One-Click' }) }),
      { db },
    );
    expect(response.status).toBe(200);
    const left = (await db.select({ email: alertSubscribers.email }).from(alertSubscribers)).map((r) => r.email);
    expect(left).not.toContain('ipc@example.org');
    expect(left).toEqual(expect.arrayContaining(['en@example.org', 'other@example.org', 'corr@example.org']));
    // Its links lead nowhere now; another subscriber's still work.
    expect(await preferencesOfToken(db, tokenIn(fr, '/alertes/gerer'))).toBeNull();
    expect(await preferencesOfToken(db, tokenIn(en, '/alertes/gerer'))).toMatchObject({ allAreas: true, locale: 'en' });
  });

  it('changes areas and language through a message’s link, and unsubscribes with the page’s button', async () => {
    await confirmed('gere@example.org', { areas: ['ipc'] });
    await subscribe(db, subscribeSchema('fr').parse({ email: 'gere@example.org', areas: ['ipi'], topic: 'both' }), { now: at(1) });
    await run(at(1));
    const manage = smtp.received.find((m) => /gérer/.test(m.subject ?? ''))!;
    const token = tokenIn(manage, '/alertes/gerer');
    const post = (url: string, fields: Record<string, string | string[]>) => {
      const body = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
      return new Request(`${SITE}${url}`, { method: 'POST', body });
    };
    const refused = await handleManage(post('/api/alertes/gerer', { jeton: token, 'areas[]': ['nope'], topic: 'both', locale: 'en' }), {
      db,
    });
    expect(refused.headers.get('location')).toBe(`/en/alertes/gerer?jeton=${token}&erreur=areas`);
    const saved = await handleManage(
      post('/api/alertes/gerer', { jeton: token, 'areas[]': ['ipi', 'ice'], topic: 'corrections', locale: 'fr', language: 'en' }),
      { db },
    );
    expect(saved.headers.get('location')).toBe(`/alertes/gerer?jeton=${token}&resultat=enregistre`);
    expect(await preferencesOfToken(db, token)).toMatchObject({ areas: ['ice', 'ipi'], releases: false, corrections: true, locale: 'en' });
    const gone = await handleUnsubscribePost(post('/api/alertes/desabonnement', { jeton: token, locale: 'fr' }), { db });
    expect(gone.headers.get('location')).toBe('/alertes/desabonnement?resultat=ok');
    const again = await handleUnsubscribePost(post('/api/alertes/desabonnement', { jeton: token, locale: 'fr' }), { db });
    expect(again.headers.get('location')).toBe('/alertes/desabonnement?resultat=inconnu');
    expect(await db.select().from(alertSubscribers).where(eq(alertSubscribers.email, 'gere@example.org'))).toEqual([]);
  });

  it('sends a correction its own message with the reason', async () => {
    await confirmed('corr@example.org', { areas: ['ipc'], topic: 'corrections' });
    await confirmed('rel@example.org', { areas: ['ipc'], topic: 'releases' });
    smtp.received.length = 0;
    await db
      .insert(series)
      .values({ code: 'IPI_AL', area: 'ipc', label: 'IPC corrigé', unit: 'indice', basePeriod: '2020', frequency: 'monthly' });
    await publishVersions(db, {
      values: new Map([['IPI_AL', [{ period: '2026-09-01', value: 100, status: 'A' }]]]),
      kind: 'revision',
      reason: '',
      actor: { user },
      approver: true,
      now: at(100),
    });
    const corrected = await publishVersions(db, {
      values: new Map([['IPI_AL', [{ period: '2026-09-01', value: 100.3, status: 'A' }]]]),
      kind: 'correction',
      reason: 'Erreur de saisie sur septembre.',
      actor: { user },
      approver: true,
      now: at(101),
    });
    expect(corrected.ok).toBe(true);
    await publishDueItems(db, at(101));
    await publishDueItems(db, at(102));
    await run(at(102));
    const mails = await smtp.waitFor(1);
    expect(mails.map((m) => m.to_)).toEqual(['corr@example.org']);
    expect(mails[0]!.subject).toBe('Correction : IPC corrigé');
    expect(mails[0]!.text).toContain('Raison : Erreur de saisie sur septembre.');
    expect(mails[0]!.text).toContain(`${SITE}/indice/ipc/series/IPI_AL`);
    expect(mails[0]!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it('sends a table correction its own message with the reason and the table page', async () => {
    await confirmed('tableaux@example.org', { areas: ['tout'], topic: 'corrections' });
    smtp.received.length = 0;
    await insertSmallTable(db, 'POP_ALERTE');
    const n = cellCountOf(smallStructure);
    const corrected = await writeTableVersion(db, {
      code: 'POP_ALERTE',
      source: {
        payload: { structure: smallStructure, values: new Float64Array(n).map((_, i) => i + 1), statuses: new Uint8Array(n), notes: {} },
      },
      kind: 'correction',
      reason: 'Erreur de report sur 2023.',
      actor: { user, ip: '127.0.0.1' },
      approver: true,
      now: at(200),
    });
    expect(corrected.ok).toBe(true);
    await publishDueItems(db, at(201));
    await run(at(201));
    const mails = await smtp.waitFor(1);
    expect(mails.map((m) => m.to_)).toEqual(['tableaux@example.org']);
    expect(mails[0]!.subject).toBe('Correction : Population par région, sexe et année');
    expect(mails[0]!.text).toContain('Raison : Erreur de report sur 2023.');
    expect(mails[0]!.text).toContain(`${SITE}/donnees/tableaux/POP_ALERTE`);
  });

  /** `n` confirmed subscribers of `area`, written directly (the bulk case), and a release of it published. */
  async function releaseFor(area: string, n: number, minutes: number) {
    await db
      .insert(alertSubscribers)
      .values(Array.from({ length: n }, (_, i) => ({ email: `${area}-${i}@example.org`, areas: [area], confirmedAt: t0 })));
    const release = await approvedRelease(`Parution ${area}`, minutes, area);
    expect(await reviewRelease(db, { id: release.id, expectedVersion: 1, step: 'approve', actor: { user }, now: t0 })).toMatchObject({
      ok: true,
    });
    await publishDueItems(db, at(minutes));
  }

  it('never sends one event twice to a subscriber when two runners work at once', async () => {
    await releaseFor('ippi', 40, 200);
    // A second connection to the same database where there can be one (Postgres); PGlite has one client.
    let second: Database | undefined;
    if (database.url) second = await openDatabase({ databaseUrl: database.url });
    const results = await Promise.all([run(at(200), { batchSize: 7 }), run(at(200), { batchSize: 7 }, second?.db ?? db)]);
    await second?.close();
    expect(results[0]!.sent + results[1]!.sent).toBe(40);
    const mails = await smtp.waitFor(40);
    const to = mails.map((m) => m.to_).filter((t) => t.startsWith('ippi-'));
    expect(to).toHaveLength(40);
    expect(new Set(to).size).toBe(40);
    expect(await run(at(201))).toMatchObject({ sent: 0 });
  });

  it('retries a refused message with back-off and the same Message-ID, then gives up and shows it failed', async () => {
    await releaseFor('ice', 1, 300);
    const ids: (string | undefined)[] = [];
    const recording: Mailer = { ...mailer, send: (mail) => (ids.push(mail.messageId), mailer.send(mail)) };
    smtp.failNext(1);
    expect(await run(at(300), { mailer: recording })).toMatchObject({ sent: 0, retried: 1 });
    expect(await run(at(300), { mailer: recording })).toMatchObject({ sent: 0, retried: 0 }); // not due again yet
    expect(await run(at(301), { mailer: recording })).toMatchObject({ sent: 1 });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to_).toBe('ice-0@example.org');
    // The retry is the same message to the receiver: same ID, random, of MAIL_FROM's domain, no internal number.
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    expect(mail!.messageId).toBe(ids[0]);
    expect(ids[0]).toMatch(/^<[0-9a-f]{32}@stat\.example>$/);
    await db.delete(alertSubscribers);
    await releaseFor('bulletin', 1, 400);
    smtp.failNext(1, 550);
    expect(await run(at(400))).toMatchObject({ failed: 1 });
    const [failed] = await db.select().from(alertOutbox).where(eq(alertOutbox.status, 'failed'));
    expect(failed!.lastError).not.toContain('@');
  });

  it('resumes a run that died mid-send: the rest go out once the lease is over, nothing twice', async () => {
    await releaseFor('nace', 30, 500);
    // The first runner delivers 10 messages, then its process « dies »: its sends never return.
    let delivered = 0;
    const dying: Mailer = {
      kind: 'smtp',
      close: () => {},
      send: (mail) => (delivered++ < 10 ? mailer.send(mail) : new Promise<void>(() => {})),
    };
    void runOutbox(db, {
      mailer: dying,
      siteUrl: SITE,
      timeZone: 'UTC',
      now: () => at(500),
      concurrency: 1,
      batchSize: 50,
      leaseMs: 2 * MINUTE,
    });
    await smtp.waitFor(10);
    await new Promise((r) => setTimeout(r, 200));
    // Another runner within the lease leaves them alone…
    expect(await run(at(501))).toMatchObject({ sent: 0 });
    // …and takes them once it is over.
    expect(await run(at(503))).toMatchObject({ sent: 20 });
    const to = (await smtp.waitFor(30)).map((m) => m.to_);
    expect(to).toHaveLength(30);
    expect(new Set(to).size).toBe(30);
  });
});
