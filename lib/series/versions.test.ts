import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDueItems } from '@/lib/ops/scheduler';
import { auditEntries, observations, users } from '@/lib/db/schema';
import { setSelfApproval } from '@/lib/review/settings';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import type { SeriesMeta } from './model';
import { findSeries, keyFigures, publishedSeriesRefs, pendingVersion, seriesAt, versionChanges, versionsOf } from './queries';
import { announceDueVersions, cancelScheduledVersion, createSeries, publishVersions, updateSeriesMeta, type Actor } from './versions';

const meta: SeriesMeta = {
  code: 'TEST_IPC',
  label: 'Indice de test',
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
};

const t0 = new Date('2026-10-12T08:45:00Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

describe.each(testDatabaseKinds)('series versions on %s', (kind) => {
  let database: TestDatabase;
  let actor: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // One person writes and publishes here: versions are under test, their review in review.test.ts.
    await setSelfApproval(database.db, { allowed: true, user: null, actor: 'tests' });
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    actor = { user: user!, ip: '127.0.0.1' };
  });
  afterAll(async () => {
    await database.close();
  });

  it('publishes, schedules, answers asOf and never shows a scheduled value before its time', async () => {
    const { db } = database;
    const created = await createSeries(db, { meta, actor });
    expect(created.ok).toBe(true);
    const duplicate = await createSeries(db, { meta, actor });
    expect(duplicate).toEqual({ ok: false, error: 'Le code TEST_IPC est déjà celui d’une autre série.', field: 'code' });

    const first = await publishVersions(db, {
      values: new Map([
        [
          'TEST_IPC',
          [
            { period: '2026-07-01', value: 100, status: 'A' as const },
            { period: '2026-08-01', value: 101.2, status: 'P' as const },
          ],
        ],
      ]),
      kind: 'revision',
      reason: 'Première publication.',
      actor,
      approver: true,
      now: t0,
    });
    expect(first.ok && first.value).toEqual([{ code: 'TEST_IPC', number: 1, publishedAt: t0, changed: 2, review: 'approved' }]);
    if (first.ok) expect(first.tags).toContain('series:TEST_IPC');

    // Version 2 at t0 + 60 min: one revision, one new month, one unchanged value (not stored again).
    const second = await publishVersions(db, {
      values: new Map([
        [
          'TEST_IPC',
          [
            { period: '2026-07-01', value: 100, status: 'A' as const },
            { period: '2026-08-01', value: 101.5, status: 'A' as const },
            { period: '2026-09-01', value: 102, status: 'P' as const },
          ],
        ],
      ]),
      publishAt: minutes(60),
      kind: 'revision',
      reason: 'Publication de septembre.',
      actor,
      approver: true,
      now: minutes(1),
    });
    expect(second.ok).toBe(true);
    // Scheduled: nothing to invalidate yet.
    if (second.ok) expect(second.tags).toEqual([]);

    const before = await seriesAt(db, 'TEST_IPC', { at: minutes(59) });
    expect(before?.version.number).toBe(1);
    expect(before?.observations).toEqual([
      { period: '2026-07-01', value: 100, status: 'A' },
      { period: '2026-08-01', value: 101.2, status: 'P' },
    ]);
    expect((await keyFigures(db, ['TEST_IPC'], minutes(59)))[0]?.latest.value).toBe(101.2);
    const row = (await findSeries(db, 'TEST_IPC'))!;
    expect(await versionsOf(db, row.id, { at: minutes(59) })).toHaveLength(1);
    expect((await pendingVersion(db, row.id, minutes(59)))?.number).toBe(2);
    expect(await pendingVersion(db, row.id, minutes(60))).toBeNull();
    expect((await publishedSeriesRefs(db, minutes(59))).map((r) => r.code)).toContain('TEST_IPC');

    // The back-office sees what is scheduled.
    const scheduled = await seriesAt(db, 'TEST_IPC', { scheduled: true });
    expect(scheduled?.observations.map((o) => o.value)).toEqual([100, 101.5, 102]);

    const after = await seriesAt(db, 'TEST_IPC', { at: minutes(60) });
    expect(after?.version).toMatchObject({ number: 2, kind: 'revision', reason: 'Publication de septembre.' });
    expect(after?.observations.map((o) => [o.value, o.status])).toEqual([
      [100, 'A'],
      [101.5, 'A'],
      [102, 'P'],
    ]);
    const changes = await versionChanges(db, row.id, 2);
    expect(changes).toEqual([
      {
        period: '2026-08-01',
        before: { period: '2026-08-01', value: 101.2, status: 'P' },
        after: { period: '2026-08-01', value: 101.5, status: 'A' },
      },
      { period: '2026-09-01', before: null, after: { period: '2026-09-01', value: 102, status: 'P' } },
    ]);
    // Only changed values are stored: 2 + 2.
    expect(await db.$count(observations)).toBe(4);
  });

  it('refuses a second scheduled version, and a version that changes nothing; cancels a scheduled one', async () => {
    const { db } = database;
    const third = await publishVersions(db, {
      values: new Map([['TEST_IPC', [{ period: '2026-10-01', value: 103, status: 'P' as const }]]]),
      kind: 'revision',
      reason: '',
      actor,
      approver: true,
      now: minutes(30),
    });
    expect(third.ok).toBe(false);
    if (!third.ok)
      expect(third.error).toMatch(/^La série TEST_IPC a déjà une version programmée \(version 2, le 12 octobre 2026 à 09:45 UTC\)/);

    const nothing = await publishVersions(db, {
      values: new Map([['TEST_IPC', [{ period: '2026-07-01', value: 100, status: 'A' as const }]]]),
      kind: 'revision',
      reason: '',
      actor,
      approver: true,
      now: minutes(90),
    });
    expect(nothing).toEqual({ ok: false, error: 'Aucune valeur ne change : rien à publier.' });

    const correction = await publishVersions(db, {
      values: new Map([['TEST_IPC', [{ period: '2026-09-01', value: 102.1, status: 'P' as const }]]]),
      kind: 'correction',
      reason: '',
      actor,
      approver: true,
      now: minutes(90),
    });
    expect(correction).toEqual({ ok: false, error: 'Une correction dit ce qu’elle corrige : indiquez la raison.', field: 'reason' });

    const later = await publishVersions(db, {
      values: new Map([['TEST_IPC', [{ period: '2026-10-01', value: 103, status: 'P' as const }]]]),
      publishAt: minutes(600),
      kind: 'revision',
      reason: 'Octobre.',
      actor,
      approver: true,
      now: minutes(90),
    });
    expect(later.ok).toBe(true);
    const cancelled = await cancelScheduledVersion(db, { code: 'TEST_IPC', number: 3, actor, now: minutes(100) });
    expect(cancelled.ok).toBe(true);
    expect((await seriesAt(db, 'TEST_IPC', { scheduled: true }))?.version.number).toBe(2);
    // A published version cannot be cancelled.
    const published = await cancelScheduledVersion(db, { code: 'TEST_IPC', number: 2, actor, now: minutes(100) });
    expect(published.ok).toBe(false);
  });

  it('announces due versions once, through the scheduler, with an audit entry', async () => {
    const { db } = database;
    // Version 2 was scheduled for t0 + 60 min and nobody announced it.
    const run = await publishDueItems(db, minutes(61));
    expect(run.published).toContainEqual({ entity: 'series', id: 2, title: 'TEST_IPC, version 2' });
    expect(run.tags).toEqual(expect.arrayContaining(['series:TEST_IPC', 'series', 'area:ipc', 'sitemap']));
    expect((await announceDueVersions(db, minutes(62))).versions).toEqual([]);
    const audit = await db.select().from(auditEntries);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['series.create', 'series.publish', 'series.schedule', 'series.unschedule']),
    );
  });

  it('updates metadata with an optimistic lock, and keeps the frequency of a series with values', async () => {
    const { db } = database;
    const ok = await updateSeriesMeta(db, {
      code: 'TEST_IPC',
      expectedVersion: 1,
      meta: { ...meta, label: 'Indice de test révisé' },
      actor,
    });
    expect(ok.ok).toBe(true);
    const stale = await updateSeriesMeta(db, { code: 'TEST_IPC', expectedVersion: 1, meta: { ...meta, unit: 'pour cent' }, actor });
    expect(stale.ok).toBe(false);
    const frequency = await updateSeriesMeta(db, {
      code: 'TEST_IPC',
      expectedVersion: 2,
      meta: { ...meta, frequency: 'quarterly' },
      actor,
    });
    expect(frequency).toEqual({
      ok: false,
      error: 'La fréquence d’une série qui a des valeurs ne change pas : créez une nouvelle série.',
      field: 'frequency',
    });
  });
});
