/**
 * A release reviewed as a whole, on real databases: approved by someone other than its last writer
 * (with every piece it carries), it goes out at its minute; not approved, or carrying a piece its
 * approver wrote, nothing of it goes out — its publication stays scheduled, the release stays
 * unpublished — and it is listed as at risk from 24 h before. A change of the entry (a move, a
 * link) sends it back to review.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { kinds } from '@/lib/content/kinds';
import { createItem } from '@/lib/content/mutations/items';
import { publishDueItems } from '@/lib/ops/scheduler';
import type { Db } from '@/lib/db/open';
import { auditEntries, publications, releases, series, users } from '@/lib/db/schema';
import { valuesAt } from '@/lib/series/queries';
import { publishVersions } from '@/lib/series/versions';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { linkPublication } from './links';
import { changeRelease, createRelease } from './mutations';
import { listReleases, preparedReleases, releaseBySlug, releaseRefs } from './queries';
import { readinessOf, releasesAtRisk, releasesAwaitingReview, reviewRelease } from './review';

const MINUTE = 60_000;

describe.each(testDatabaseKinds)('releases reviewed as a whole on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let writer: SessionUser;
  let publisher: SessionUser;
  const t0 = new Date();
  const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);

  const addUser = async (name: string, email: string) =>
    (await db.insert(users).values({ name, email }).returning({ id: users.id, name: users.name, email: users.email }))[0]!;
  const release = async (title: string, minutes: number, by: SessionUser) => {
    const created = await createRelease(db, {
      input: { title, area: 'ipc', scheduledAt: at(minutes), provisionalLabel: null, contact: '' },
      actor: { user: by },
    });
    if (!created.ok) throw new Error(created.error);
    return created;
  };
  const linkedDraft = async (releaseId: number, title: string, by: SessionUser, linkedBy = by) => {
    const item = (await createItem(db, { kind: kinds.publications, input: { title, area: 'ipc' }, user: by, now: t0 })).item;
    expect((await linkPublication(db, { releaseId, publicationId: item.id, actor: { user: linkedBy }, now: t0 })).ok).toBe(true);
    return item;
  };
  const versionOf = async (id: number) =>
    (await db.select({ version: releases.version }).from(releases).where(eq(releases.id, id)))[0]!.version;
  const statusOf = async (id: number) =>
    (await db.select({ status: publications.status }).from(publications).where(eq(publications.id, id)))[0]!.status;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    writer = await addUser('Awa Rédactrice', 'awa@example.org');
    publisher = await addUser('Paul Responsable', 'paul@example.org');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('approved by a second person with its pieces, it goes out at its minute', async () => {
    const r = await release('IPC de novembre', 30, writer);
    const note = await linkedDraft(r.id, 'Note IPC de novembre', writer);
    expect(
      await reviewRelease(db, { id: r.id, expectedVersion: await versionOf(r.id), step: 'submit', actor: { user: writer }, now: t0 }),
    ).toMatchObject({ ok: true });
    expect(await releasesAwaitingReview(db)).toEqual([expect.objectContaining({ id: r.id, editedBy: writer.id })]);
    // Its writer cannot approve it…
    const own = await reviewRelease(db, {
      id: r.id,
      expectedVersion: await versionOf(r.id),
      step: 'approve',
      actor: { user: writer },
      now: t0,
    });
    expect(own).toMatchObject({ ok: false, error: expect.stringMatching(/une seconde personne doit l’approuver/) });
    // …the Responsable approves the release and, with it, the note.
    expect(
      await reviewRelease(db, { id: r.id, expectedVersion: await versionOf(r.id), step: 'approve', actor: { user: publisher }, now: t0 }),
    ).toMatchObject({ ok: true });
    expect((await db.select().from(publications).where(eq(publications.id, note.id)))[0]).toMatchObject({
      review: 'approved',
      reviewedBy: publisher.id,
    });
    expect((await readinessOf(db, [r.id])).get(r.id)).toMatchObject({ ready: true, missing: [] });
    expect(await releasesAwaitingReview(db)).toEqual([]);
    const run = await publishDueItems(db, at(30));
    expect(run.published).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ entity: 'publication', id: note.id }),
        expect.objectContaining({ entity: 'release', id: r.id }),
      ]),
    );
    const [entry] = await db.select().from(auditEntries).where(eq(auditEntries.action, 'release.approve'));
    expect(entry?.summary).toContain('Note IPC de novembre');
  });

  it('not approved, nothing of it goes out at its minute, and it is flagged from 24 h before', async () => {
    const r = await release('IPPI de novembre', 60 * 20, writer);
    const note = await linkedDraft(r.id, 'Note IPPI de novembre', writer);
    // A series version comes out with it, prepared by the Rédacteur: submitted, waiting for review.
    const [s] = await db
      .insert(series)
      .values({ code: 'IPPI_REVUE', area: 'ippi', label: 'IPPI revue', unit: 'indice', basePeriod: '2020', frequency: 'monthly' })
      .returning();
    const prepared = await publishVersions(db, {
      values: new Map([['IPPI_REVUE', [{ period: '2026-10-01', value: 104.2, status: 'A' }]]]),
      releaseId: r.id,
      kind: 'revision',
      reason: 'Publication mensuelle.',
      actor: { user: writer },
      approver: false,
      now: t0,
    });
    expect(prepared.ok).toBe(true);
    const values = async (instant: Date) => (await valuesAt(db, [s!.id], { at: instant })).get(s!.id) ?? [];
    // More than 24 h before: not flagged yet; within 24 h: flagged with what is missing.
    expect((await releasesAtRisk(db, at(-60 * 5))).map((x) => x.id)).not.toContain(r.id);
    const risk = (await releasesAtRisk(db, t0)).find((x) => x.id === r.id);
    expect(risk).toMatchObject({
      overdue: false,
      missing: expect.arrayContaining([
        expect.objectContaining({ kind: 'release' }),
        expect.objectContaining({ kind: 'publication', label: 'la publication « Note IPPI de novembre »' }),
      ]),
    });
    const run = await publishDueItems(db, at(60 * 20));
    expect(run.published.filter((p) => p.id === note.id || p.id === r.id)).toEqual([]);
    expect(await statusOf(note.id)).toBe('scheduled');
    expect((await db.select({ status: releases.status }).from(releases).where(eq(releases.id, r.id)))[0]!.status).toBe('confirmed');
    expect((await releasesAtRisk(db, at(60 * 20 + 1))).find((x) => x.id === r.id)).toMatchObject({
      overdue: true,
      missing: expect.arrayContaining([expect.objectContaining({ kind: 'version', label: 'la version 1 de la série IPPI_REVUE' })]),
    });
    expect(await values(at(60 * 20 + 1))).toEqual([]);
    // Approved late (with its note and its version), it goes out at the next run, dated then.
    expect(
      await reviewRelease(db, {
        id: r.id,
        expectedVersion: await versionOf(r.id),
        step: 'approve',
        actor: { user: publisher },
        now: at(60 * 20 + 1),
      }),
    ).toMatchObject({ ok: true });
    expect(await values(at(60 * 20 + 1))).toEqual([]);
    const late = await publishDueItems(db, at(60 * 20 + 2));
    expect(late.tags).toEqual(expect.arrayContaining(['releases']));
    expect(await statusOf(note.id)).toBe('published');
    expect(await values(at(60 * 20 + 2))).toHaveLength(1);
    expect(await values(at(60 * 20 + 1))).toEqual([]);
  });

  it('the writer of one of its pieces cannot approve it; changing the entry clears its approval; sending back takes a reason', async () => {
    const r = await release('ICE de novembre', 90, writer);
    await linkedDraft(r.id, 'Note ICE écrite par le responsable', publisher, writer);
    const refused = await reviewRelease(db, {
      id: r.id,
      expectedVersion: await versionOf(r.id),
      step: 'approve',
      actor: { user: publisher },
      now: t0,
    });
    expect(refused).toMatchObject({
      ok: false,
      error: expect.stringMatching(/Vous avez écrit la publication « Note ICE écrite par le responsable »/),
    });
    expect((await db.select({ review: releases.review }).from(releases).where(eq(releases.id, r.id)))[0]!.review).toBe('none');

    const other = await release('ICA de novembre', 120, writer);
    expect(
      await reviewRelease(db, {
        id: other.id,
        expectedVersion: await versionOf(other.id),
        step: 'approve',
        actor: { user: publisher },
        now: t0,
      }),
    ).toMatchObject({ ok: true });
    const moved = await changeRelease(db, {
      id: other.id,
      expectedVersion: await versionOf(other.id),
      change: { kind: 'move', scheduledAt: at(180), reason: 'Relevés tardifs.' },
      actor: { user: writer },
      now: t0,
    });
    expect(moved.ok).toBe(true);
    expect((await db.select().from(releases).where(eq(releases.id, other.id)))[0]).toMatchObject({ review: 'none', editedBy: writer.id });
    expect(
      await reviewRelease(db, {
        id: other.id,
        expectedVersion: await versionOf(other.id),
        step: 'submit',
        actor: { user: writer },
        now: t0,
      }),
    ).toMatchObject({ ok: true });
    expect(
      await reviewRelease(db, {
        id: other.id,
        expectedVersion: await versionOf(other.id),
        step: 'return',
        note: ' ',
        actor: { user: publisher },
        now: t0,
      }),
    ).toMatchObject({ ok: false, field: 'note' });
    expect(
      await reviewRelease(db, {
        id: other.id,
        expectedVersion: await versionOf(other.id),
        step: 'return',
        note: 'Le titre anglais manque.',
        actor: { user: publisher },
        now: t0,
      }),
    ).toMatchObject({ ok: true });
    expect((await db.select().from(releases).where(eq(releases.id, other.id)))[0]).toMatchObject({
      review: 'none',
      reviewNote: 'Le titre anglais manque.',
    });
  });

  it('a release a Rédacteur prepared is off the public calendar until its first approval', async () => {
    const created = await createRelease(db, {
      input: { title: 'Bulletin du commerce de décembre', area: 'ipc', scheduledAt: at(60 * 48), provisionalLabel: null, contact: '' },
      actor: { user: writer },
      publicAtOnce: false,
      now: t0,
    });
    if (!created.ok) throw new Error(created.error);
    const listed = async () => (await listReleases(db, { now: t0, when: 'upcoming' })).map((r) => r.id);
    expect(await listed()).not.toContain(created.id);
    expect(await releaseBySlug(db, created.slug, t0)).toBeNull();
    expect((await releaseRefs(db)).map((r) => r.slug)).not.toContain(created.slug);
    expect((await preparedReleases(db)).map((r) => r.id)).toContain(created.id);
    const approved = await reviewRelease(db, {
      id: created.id,
      expectedVersion: await versionOf(created.id),
      step: 'approve',
      actor: { user: publisher },
      now: t0,
    });
    expect(approved).toMatchObject({ ok: true, tags: expect.arrayContaining(['releases']) });
    expect(await listed()).toContain(created.id);
    expect(await releaseBySlug(db, created.slug, t0)).not.toBeNull();
    expect((await preparedReleases(db)).map((r) => r.id)).not.toContain(created.id);
  });
});
