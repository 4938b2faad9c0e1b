/**
 * What a release carries, on real databases: a linked publication and series version are scheduled
 * at the release's time, move with it, cannot be published by hand before it, keep their files from
 * visitors, and go online with the release in the scheduler's run.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { kinds } from '@/lib/content/kinds';
import { createItem } from '@/lib/content/mutations/items';
import { changeLifecycle } from '@/lib/content/mutations/lifecycle';
import { publishDueItems } from '@/lib/ops/scheduler';
import type { Db } from '@/lib/db/open';
import { auditEntries, files, publicationFiles, publications, series, seriesVersions, users } from '@/lib/db/schema';
import { visibleToVisitors } from '@/lib/files/library';
import { valuesAt } from '@/lib/series/queries';
import { publishVersions } from '@/lib/series/versions';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { linkPublication, unlinkPublication } from './links';
import { changeRelease, createRelease } from './mutations';
import { releaseBySlug } from './queries';
import { reviewRelease } from './review';
import { setSelfApproval } from '@/lib/review/settings';

const MINUTE = 60_000;

describe.each(testDatabaseKinds)('releases carrying content on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let user: SessionUser;
  const t0 = new Date();
  const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // One person writes and publishes here: the life cycle is under test, the second pair of eyes in lib/review/review.test.ts.
    await setSelfApproval(database.db, { allowed: true, user: null, actor: 'tests' });
    db = database.db;
    const [row] = await db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    user = row!;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function confirmedRelease(title: string, minutes: number) {
    const created = await createRelease(db, {
      input: { title, area: 'ipc', scheduledAt: at(minutes), provisionalLabel: null, contact: '' },
      actor: { user },
    });
    if (!created.ok) throw new Error(created.error);
    return created;
  }

  async function draftWithPdf(title: string) {
    const publication = (await createItem(db, { kind: kinds.publications, input: { title, area: 'ipc' }, user, now: t0 })).item;
    const [file] = await db
      .insert(files)
      .values({
        storageKey: `k-${publication.id}`,
        name: 'ipc.pdf',
        originalName: 'ipc.pdf',
        mime: 'application/pdf',
        ext: 'pdf',
        size: 10,
        sha256: 'x',
      })
      .returning();
    await db.insert(publicationFiles).values({ publicationId: publication.id, fileId: file!.id });
    return { publication, file: file! };
  }

  it('schedules a linked publication and series version at the release time, holds them, and puts everything online together', async () => {
    const release = await confirmedRelease('Indice des prix – test de parution', 60);
    const { publication, file } = await draftWithPdf('IPC – publication de la parution');
    expect(await visibleToVisitors(db, file.id, t0)).toBe(false);

    expect(await linkPublication(db, { releaseId: release.id, publicationId: publication.id, actor: { user }, now: t0 })).toMatchObject({
      ok: true,
    });
    const [linked] = await db.select().from(publications).where(eq(publications.id, publication.id));
    expect(linked).toMatchObject({ status: 'scheduled', publishedAt: at(60) });

    // Publishing by hand before the release is refused in French.
    await expect(
      changeLifecycle(db, {
        kind: kinds.publications,
        action: 'publish',
        id: publication.id,
        expectedVersion: linked!.version,
        user,
        now: t0,
      }),
    ).rejects.toThrow(/sort avec la parution/);

    // A series version comes out with the release too.
    await db
      .insert(series)
      .values({ code: 'IPC_TEST', area: 'ipc', label: 'IPC test', unit: 'indice', basePeriod: '2020', frequency: 'monthly' });
    const version = await publishVersions(db, {
      values: new Map([['IPC_TEST', [{ period: '2026-10-01', value: 121.4, status: 'P' }]]]),
      releaseId: release.id,
      kind: 'revision',
      reason: 'Publication mensuelle.',
      actor: { user },
      approver: true,
      now: t0,
    });
    expect(version).toMatchObject({ ok: true, value: [{ code: 'IPC_TEST', publishedAt: at(60) }] });

    // Moving the release moves what it carries; cancelling it while it carries something is refused.
    const moved = await changeRelease(db, {
      id: release.id,
      expectedVersion: 1,
      change: { kind: 'move', scheduledAt: at(90), reason: 'Relevés tardifs.' },
      actor: { user },
      now: t0,
    });
    expect(moved.ok).toBe(true);
    expect((await db.select().from(publications).where(eq(publications.id, publication.id)))[0]!.publishedAt).toEqual(at(90));
    expect((await db.select().from(seriesVersions).where(eq(seriesVersions.releaseId, release.id)))[0]!.publishedAt).toEqual(at(90));
    const cancel = await changeRelease(db, {
      id: release.id,
      expectedVersion: 2,
      change: { kind: 'cancel', notice: 'Enquête suspendue.' },
      actor: { user },
      now: t0,
    });
    expect(cancel).toMatchObject({ ok: false, error: expect.stringMatching(/pas encore en ligne/) });
    // Approved as a whole (lib/releases/review.ts; its own writer may here: self-approval is on).
    expect(await reviewRelease(db, { id: release.id, expectedVersion: 2, step: 'approve', actor: { user }, now: t0 })).toMatchObject({
      ok: true,
    });

    // Nothing is public a minute before; everything is after the scheduler's run at the time.
    const before = await publishDueItems(db, at(89));
    expect(before.published.filter((p) => p.entity === 'release')).toEqual([]);
    expect(await visibleToVisitors(db, file.id, at(89))).toBe(false);
    const seriesId = (await db.select().from(series).where(eq(series.code, 'IPC_TEST')))[0]!.id;
    expect((await valuesAt(db, [seriesId], { at: at(89) })).get(seriesId) ?? []).toEqual([]);
    expect((await releaseBySlug(db, release.slug, at(89)))!.release).toMatchObject({ status: 'postponed', publications: [], versions: [] });

    const run = await publishDueItems(db, at(90));
    expect(run.published).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'publication', id: publication.id }),
        expect.objectContaining({ entity: 'release', id: release.id }),
      ]),
    );
    expect(run.tags).toEqual(expect.arrayContaining(['releases', `publication:${publication.id}`, 'area:ipc']));
    expect(await visibleToVisitors(db, file.id, at(90))).toBe(true);
    const out = (await releaseBySlug(db, release.slug, at(90)))!.release;
    expect(out).toMatchObject({
      status: 'published',
      publications: [{ title: 'IPC – publication de la parution' }],
      versions: [{ code: 'IPC_TEST', number: 1 }],
    });
    expect((await publishDueItems(db, at(91))).published.filter((p) => p.entity === 'release')).toEqual([]);
    const audit = (await db.select().from(auditEntries)).map((a) => a.action);
    expect(audit).toEqual(expect.arrayContaining(['release.link', 'release.move', 'release.publish', 'publication.publish']));
  });

  it('refuses to link to a provisional release or an item already online, and unlinking puts the publication back to draft', async () => {
    const provisional = await createRelease(db, {
      input: { title: 'Indice provisoire – test', area: 'ipc', scheduledAt: at(600), provisionalLabel: 'mars 2027', contact: '' },
      actor: { user },
    });
    const { publication } = await draftWithPdf('IPC – brouillon à lier');
    if (!provisional.ok) throw new Error(provisional.error);
    expect(await linkPublication(db, { releaseId: provisional.id, publicationId: publication.id, actor: { user }, now: t0 })).toMatchObject(
      { ok: false, error: expect.stringMatching(/Confirmez/) },
    );

    const release = await confirmedRelease('Indice confirmé – test', 120);
    expect((await linkPublication(db, { releaseId: release.id, publicationId: publication.id, actor: { user }, now: t0 })).ok).toBe(true);
    expect(await linkPublication(db, { releaseId: release.id, publicationId: publication.id, actor: { user }, now: t0 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/déjà liée/),
    });
    expect((await unlinkPublication(db, { releaseId: release.id, publicationId: publication.id, actor: { user }, now: t0 })).ok).toBe(true);
    expect((await db.select().from(publications).where(eq(publications.id, publication.id)))[0]).toMatchObject({
      status: 'draft',
      publishedAt: null,
    });

    const online = (await createItem(db, { kind: kinds.publications, input: { title: 'IPC – déjà en ligne', area: 'ipc' }, user, now: t0 }))
      .item;
    await changeLifecycle(db, { kind: kinds.publications, action: 'publish', id: online.id, expectedVersion: 1, user, now: t0 });
    expect(await linkPublication(db, { releaseId: release.id, publicationId: online.id, actor: { user }, now: t0 })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/déjà en ligne/),
    });
  });
});
