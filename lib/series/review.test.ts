/**
 * The second pair of eyes on series versions (issue 24): a version is public only once someone
 * other than its writer approved it (unless self-approval is on), even after its time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publishDueItems } from '@/lib/ops/scheduler';
import { auditEntries, releases, seriesVersions, users } from '@/lib/db/schema';
import { reviewRelease } from '@/lib/releases/review';
import { changeRelease, createRelease } from '@/lib/releases/mutations';
import { setSelfApproval } from '@/lib/review/settings';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { adminVersions, listSeriesForAdmin, versionsAwaitingReview } from './admin';
import type { Observation, SeriesMeta } from './model';
import { findSeries, keyFigures, pendingVersion, publishedSeriesRefs, seriesAt, versionsOf } from './queries';
import {
  announceDueVersions,
  approveVersion,
  cancelScheduledVersion,
  createSeries,
  publishVersions,
  returnVersion,
  type Actor,
} from './versions';

const meta = (code: string): SeriesMeta => ({
  code,
  label: `Indice ${code}`,
  unit: 'indice',
  basePeriod: 'base 100 = 2020',
  frequency: 'monthly',
  decimals: 1,
  seasonalAdjustment: 'none',
  source: 'Institut',
  methodology: '',
  area: 'ipc',
  headline: true,
  imfIndicator: null,
});

const t0 = new Date('2026-10-12T08:00:00Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const value = (period: string, v: number): Observation => ({ period, value: v, status: 'A' });

describe.each(testDatabaseKinds)('review of series versions on %s', (kind) => {
  let database: TestDatabase;
  let editor: Actor;
  let publisher: Actor;
  let colleague: Actor;

  const account = async (name: string, role: 'editor' | 'publisher', areas: string[] = []): Promise<Actor> => {
    const [row] = await database.db
      .insert(users)
      .values({ name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.org`, role, areas })
      .returning({ id: users.id, name: users.name, email: users.email });
    return { user: row! };
  };
  /** One version of `code` with these values, written by `actor` (`approver`: a publisher). */
  const write = (
    code: string,
    values: Observation[],
    actor: Actor,
    approver: boolean,
    extra: { publishAt?: Date; releaseId?: number; now?: Date } = {},
  ) =>
    publishVersions(database.db, {
      values: new Map([[code, values]]),
      kind: 'revision',
      reason: 'Mensuel.',
      actor,
      approver,
      now: extra.now ?? t0,
      ...extra,
    });
  const versionRow = async (code: string, number: number) => {
    const row = (await findSeries(database.db, code))!;
    return (await adminVersions(database.db, row.id, t0)).find((v) => v.number === number)!;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    editor = await account('Rédactrice Awa', 'editor', ['ipc']);
    publisher = await account('Responsable Ibrahim', 'publisher');
    colleague = await account('Responsable Fatou', 'publisher');
    for (const code of ['REV_A', 'REV_B', 'REV_C', 'REV_D', 'REV_E'])
      expect((await createSeries(database.db, { meta: meta(code), actor: publisher })).ok).toBe(true);
  });
  beforeEach(async () => {
    await setSelfApproval(database.db, { allowed: false, user: null, actor: 'tests' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('stores a Rédacteur’s version as submitted, public nowhere, until a publisher who did not write it approves it', async () => {
    const { db } = database;
    const written = await write('REV_A', [value('2026-08-01', 100), value('2026-09-01', 101)], editor, false);
    expect(written.ok && written.value).toEqual([{ code: 'REV_A', number: 1, publishedAt: t0, changed: 2, review: 'submitted' }]);
    // Nothing to tell the caches: nothing is public.
    expect(written.ok && written.tags).toEqual([]);

    // Not public, even long after its time: the page and the API (`asOf`), key figures, the sitemap.
    for (const at of [t0, minutes(600)]) {
      expect(await seriesAt(db, 'REV_A', { at })).toBeNull();
      expect(await keyFigures(db, ['REV_A'], at)).toEqual([]);
      expect((await publishedSeriesRefs(db, at)).map((r) => r.code)).not.toContain('REV_A');
    }
    const row = (await findSeries(db, 'REV_A'))!;
    expect(await versionsOf(db, row.id, { at: minutes(600) })).toEqual([]);
    // The back-office sees it, marked.
    expect((await seriesAt(db, 'REV_A', { scheduled: true }))?.observations.map((o) => o.value)).toEqual([100, 101]);
    expect(await versionRow('REV_A', 1)).toMatchObject({ review: 'submitted', createdByName: 'Rédactrice Awa', public: false });
    expect((await listSeriesForAdmin(db, { area: 'ipc' }, t0)).find((r) => r.row.code === 'REV_A')).toMatchObject({
      published: null,
      scheduled: { number: 1, review: 'submitted' },
    });
    expect((await versionsAwaitingReview(db)).map((v) => [v.code, v.number, v.createdByName])).toContainEqual([
      'REV_A',
      1,
      'Rédactrice Awa',
    ]);

    // The scheduler does not announce it.
    expect((await announceDueVersions(db, minutes(5))).versions).toEqual([]);

    // Its writer may not approve it.
    const own = await approveVersion(db, { code: 'REV_A', number: 1, actor: editor, now: minutes(10) });
    expect(own.ok).toBe(false);
    if (!own.ok)
      expect(own.error).toMatch(/^Vous avez écrit la dernière version de la série REV_A : une seconde personne doit l’approuver/);

    // A publisher approves it: its time has passed, so it goes public now, and the caches are told.
    const approved = await approveVersion(db, { code: 'REV_A', number: 1, actor: publisher, now: minutes(10) });
    expect(approved).toEqual({
      ok: true,
      value: { publishedAt: minutes(10), public: true },
      tags: ['series:REV_A', 'series', 'area:ipc', 'sitemap'],
    });
    expect((await seriesAt(db, 'REV_A', { at: minutes(10) }))?.observations.map((o) => o.value)).toEqual([100, 101]);
    // Public from its approval, not before: an « as of » earlier instant does not show it.
    expect(await seriesAt(db, 'REV_A', { at: minutes(9) })).toBeNull();
    const [stored] = await db.select().from(seriesVersions).where(eq(seriesVersions.seriesId, row.id));
    expect(stored).toMatchObject({ review: 'approved', reviewedBy: publisher.user.id, announcedAt: minutes(10) });
    // Announced once: the scheduler has nothing left to tell.
    expect((await announceDueVersions(db, minutes(11))).versions).toEqual([]);
    expect((await versionsAwaitingReview(db)).map((v) => v.code)).not.toContain('REV_A');

    // Approved once only.
    const again = await approveVersion(db, { code: 'REV_A', number: 1, actor: colleague, now: minutes(12) });
    expect(again).toEqual({ ok: false, error: 'La version 1 de REV_A est déjà approuvée.' });
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.entityId, 'REV_A'));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['series.submit', 'series.approve']));
  });

  it('keeps a version approved for later hidden until its time, then the scheduler announces it', async () => {
    const { db } = database;
    expect((await write('REV_B', [value('2026-08-01', 100)], editor, false, { publishAt: minutes(60) })).ok).toBe(true);
    const approved = await approveVersion(db, { code: 'REV_B', number: 1, actor: publisher, now: minutes(5) });
    expect(approved).toEqual({ ok: true, value: { publishedAt: minutes(60), public: false }, tags: [] });
    expect(await seriesAt(db, 'REV_B', { at: minutes(59) })).toBeNull();
    expect((await seriesAt(db, 'REV_B', { at: minutes(60) }))?.version.number).toBe(1);
    const due = await announceDueVersions(db, minutes(61));
    expect(due.versions).toContainEqual({ code: 'REV_B', number: 1 });
  });

  it('submits a publisher’s own version unless self-approval is on', async () => {
    const { db } = database;
    const own = await write('REV_C', [value('2026-08-01', 100)], publisher, true);
    expect(own.ok && own.value[0]?.review).toBe('submitted');
    expect(await seriesAt(db, 'REV_C', { at: minutes(1) })).toBeNull();
    expect((await approveVersion(db, { code: 'REV_C', number: 1, actor: publisher, now: minutes(1) })).ok).toBe(false);
    // A second publisher approves it.
    expect((await approveVersion(db, { code: 'REV_C', number: 1, actor: colleague, now: minutes(1) })).ok).toBe(true);

    // Under self-approval, a publisher's version is approved at once, and public at once.
    await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
    const approvedAtOnce = await write('REV_C', [value('2026-09-01', 101)], publisher, true, { now: minutes(2) });
    expect(approvedAtOnce.ok && approvedAtOnce.value[0]?.review).toBe('approved');
    expect(approvedAtOnce.ok && approvedAtOnce.tags).toContain('series:REV_C');
    expect((await seriesAt(db, 'REV_C', { at: minutes(2) }))?.version.number).toBe(2);
    // A Rédacteur's version is submitted even then.
    const editors = await write('REV_C', [value('2026-10-01', 102)], editor, false, { now: minutes(3) });
    expect(editors.ok && editors.value[0]?.review).toBe('submitted');
    expect((await seriesAt(db, 'REV_C', { at: minutes(3) }))?.version.number).toBe(2);
    // Under self-approval its writer may approve it.
    expect((await approveVersion(db, { code: 'REV_C', number: 3, actor: editor, now: minutes(4) })).ok).toBe(true);
  });

  it('refuses a new version while one awaits review; sending back needs a reason; its writer cancels it and writes another', async () => {
    const { db } = database;
    expect((await write('REV_D', [value('2026-08-01', 100)], editor, false)).ok).toBe(true);

    const second = await write('REV_D', [value('2026-09-01', 101)], editor, false, { now: minutes(1) });
    expect(second).toEqual({
      ok: false,
      error:
        'La série REV_D a déjà une version en attente de relecture (version 1) : ' +
        'faites-la approuver ou annulez-la avant d’en préparer une autre.',
    });

    const noReason = await returnVersion(db, { code: 'REV_D', number: 1, note: '   ', actor: publisher, now: minutes(2) });
    expect(noReason).toEqual({ ok: false, error: 'Dites au rédacteur ce qu’il faut revoir.', field: 'note' });
    const sent = await returnVersion(db, {
      code: 'REV_D',
      number: 1,
      note: 'La valeur d’août semble fausse.',
      actor: publisher,
      now: minutes(2),
    });
    expect(sent).toEqual({ ok: true, value: null, tags: [] });
    expect(await versionRow('REV_D', 1)).toMatchObject({
      review: 'none',
      reviewNote: 'La valeur d’août semble fausse.',
      reviewedByName: 'Responsable Ibrahim',
      public: false,
    });
    expect(await seriesAt(db, 'REV_D', { at: minutes(600) })).toBeNull();
    // Sent back: it cannot be approved, and still blocks a new version until it is cancelled.
    expect((await approveVersion(db, { code: 'REV_D', number: 1, actor: colleague, now: minutes(3) })).ok).toBe(false);
    const blocked = await write('REV_D', [value('2026-09-01', 101)], editor, false, { now: minutes(3) });
    expect(blocked.ok).toBe(false);
    if (!blocked.ok) expect(blocked.error).toMatch(/version renvoyée à son rédacteur \(version 1\) : annulez-la/);

    // A version waiting for review is cancelled whatever its time (nothing of it was public).
    const cancelled = await cancelScheduledVersion(db, { code: 'REV_D', number: 1, actor: editor, now: minutes(4) });
    expect(cancelled.ok).toBe(true);
    const row = (await findSeries(db, 'REV_D'))!;
    expect(await pendingVersion(db, row.id, minutes(4))).toBeNull();
    const next = await write('REV_D', [value('2026-08-01', 99.5)], editor, false, { now: minutes(5) });
    expect(next.ok && next.value[0]).toMatchObject({ number: 1, review: 'submitted' });
    // A submitted version can be cancelled too.
    expect((await cancelScheduledVersion(db, { code: 'REV_D', number: 1, actor: editor, now: minutes(6) })).ok).toBe(true);
    const audit = await db.select().from(auditEntries).where(eq(auditEntries.entityId, 'REV_D'));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['series.return', 'series.unschedule']));
  });

  it('approves a version that comes out with a calendar release the same way', async () => {
    const { db } = database;
    const release = await createRelease(db, {
      input: { title: 'REV_E d’octobre', area: 'ipc', scheduledAt: minutes(120), provisionalLabel: null, contact: '' },
      actor: publisher,
    });
    if (!release.ok) throw new Error(release.error);
    expect(
      (
        await changeRelease(db, {
          id: release.id,
          expectedVersion: 1,
          change: { kind: 'confirm', scheduledAt: minutes(120) },
          actor: publisher,
          now: t0,
        })
      ).ok,
    ).toBe(true);
    const written = await write('REV_E', [value('2026-09-01', 101)], editor, false, { releaseId: release.id });
    expect(written.ok && written.value[0]).toMatchObject({ publishedAt: minutes(120), review: 'submitted' });
    expect((await approveVersion(db, { code: 'REV_E', number: 1, actor: editor, now: minutes(1) })).ok).toBe(false);
    expect(await approveVersion(db, { code: 'REV_E', number: 1, actor: publisher, now: minutes(1) })).toEqual({
      ok: true,
      value: { publishedAt: minutes(120), public: false },
      tags: [],
    });
    expect(await seriesAt(db, 'REV_E', { at: minutes(119) })).toBeNull();
    // It comes out with its release, once the release is approved as a whole and out (lib/releases/review.ts).
    expect(await seriesAt(db, 'REV_E', { at: minutes(120) })).toBeNull();
    const [row] = await db.select({ version: releases.version }).from(releases).where(eq(releases.id, release.id));
    expect(
      (await reviewRelease(db, { id: release.id, expectedVersion: row!.version, step: 'approve', actor: colleague, now: minutes(2) })).ok,
    ).toBe(true);
    await publishDueItems(db, minutes(120));
    expect((await seriesAt(db, 'REV_E', { at: minutes(120) }))?.observations).toEqual([value('2026-09-01', 101)]);
  });
});
