import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, users } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { releasesToIcs } from './ics';
import { changeRelease, createRelease, type Actor } from './mutations';
import { releaseBySlug } from './queries';

describe.each(testDatabaseKinds)('release calendar writes on %s', (kind) => {
  let database: TestDatabase;
  let actor: Actor;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const [user] = await database.db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    actor = { user: user!, ip: null };
  });
  afterAll(async () => {
    await database.close();
  });

  it('announces, confirms, refuses a move without a reason, moves with one (history, SEQUENCE), cancels with a notice', async () => {
    const { db } = database;
    const created = await createRelease(db, {
      input: {
        title: 'Indice des prix – janvier 2027',
        area: 'ipc',
        scheduledAt: new Date('2027-02-12T08:45:00Z'),
        provisionalLabel: 'février 2027',
        contact: '',
      },
      actor,
    });
    expect(created).toMatchObject({ ok: true, slug: 'indice-des-prix-janvier-2027-2027-02-12' });
    if (!created.ok) return;
    const confirmed = await changeRelease(db, {
      id: created.id,
      expectedVersion: 1,
      change: { kind: 'confirm', scheduledAt: new Date('2027-02-12T08:45:00Z') },
      actor,
    });
    expect(confirmed.ok).toBe(true);
    const refused = await changeRelease(db, {
      id: created.id,
      expectedVersion: 2,
      change: { kind: 'move', scheduledAt: new Date('2027-02-19T08:45:00Z'), reason: ' ' },
      actor,
    });
    expect(refused).toEqual({ ok: false, error: 'Indiquez la raison du report : elle est publiée avec l’ancienne date.', field: 'reason' });
    const stale = await changeRelease(db, {
      id: created.id,
      expectedVersion: 1,
      change: { kind: 'move', scheduledAt: new Date('2027-02-19T08:45:00Z'), reason: 'Données en retard.' },
      actor,
    });
    expect(stale.ok).toBe(false);
    const before = (await releaseBySlug(db, created.slug, new Date('2026-12-01T00:00:00Z')))!.release;
    const moved = await changeRelease(db, {
      id: created.id,
      expectedVersion: 2,
      change: { kind: 'move', scheduledAt: new Date('2027-02-19T08:45:00Z'), reason: 'Données douanières en retard.' },
      actor,
    });
    expect(moved.ok).toBe(true);
    const after = (await releaseBySlug(db, created.slug, new Date('2026-12-01T00:00:00Z')))!;
    expect(after.release).toMatchObject({ status: 'postponed', scheduledAt: new Date('2027-02-19T08:45:00Z') });
    expect(after.release.sequence).toBeGreaterThan(before.sequence);
    expect(after.changes).toEqual([
      expect.objectContaining({
        previousAt: new Date('2027-02-12T08:45:00Z'),
        newAt: new Date('2027-02-19T08:45:00Z'),
        reason: 'Données douanières en retard.',
      }),
    ]);
    const ics = (r: typeof before) => releasesToIcs([r], { site: 'https://x', name: 'X', host: 'x' });
    expect(ics(after.release)).toContain(`SEQUENCE:${after.release.sequence}`);
    expect(ics(before)).toContain(`SEQUENCE:${before.sequence}`);

    expect((await changeRelease(db, { id: created.id, expectedVersion: 3, change: { kind: 'cancel', notice: '' }, actor })).ok).toBe(false);
    const cancelled = await changeRelease(db, {
      id: created.id,
      expectedVersion: 3,
      change: { kind: 'cancel', notice: 'Enquête suspendue.' },
      actor,
    });
    expect(cancelled.ok).toBe(true);
    expect(
      (await changeRelease(db, { id: created.id, expectedVersion: 4, change: { kind: 'confirm', scheduledAt: new Date() }, actor })).ok,
    ).toBe(false);
    const audit = (await db.select().from(auditEntries)).map((a) => a.action);
    expect(audit).toEqual(expect.arrayContaining(['release.create', 'release.confirm', 'release.move', 'release.cancel']));
  });
});
