/**
 * The next moment something public changes by the clock: the earliest scheduled item, release
 * minute, version time, tender deadline or event boundary, and nothing once it is all past or done.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import type { Db } from '@/lib/db/open';
import { events, releases, tenders, users } from '@/lib/db/schema';
import { kinds } from '@/lib/content/kinds';
import { createItem } from '@/lib/content/mutations/items';
import { changeLifecycle } from '@/lib/content/mutations/lifecycle';
import { setSelfApproval } from '@/lib/review/settings';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { nextDueAt } from './next-due';
import { publishDueItems } from './scheduler';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds)('next due time on %s', (dbKind) => {
  let database: TestDatabase;
  let db: Db;
  let user: SessionUser;
  const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
  const at = (offset: number) => new Date(t0.getTime() + offset);

  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    db = database.db;
    await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
    // The seedless test database may hold nothing that follows the clock.
    await db.delete(releases);
    await db.delete(events);
    await db.delete(tenders);
    const [row] = await db.insert(users).values({ name: 'Awa Koné', email: 'awa@example.org' }).returning();
    user = { id: row!.id, name: row!.name, email: row!.email } as SessionUser;
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is the earliest of the scheduled items, the releases, the deadlines and the events', async () => {
    expect(await nextDueAt(db, t0)).toBeNull();

    const created = (await createItem(db, { kind: kinds.publications, input: { title: 'IPC avril', area: 'ipc' }, user, now: t0 })).item;
    await changeLifecycle(db, {
      kind: kinds.publications,
      action: 'schedule',
      id: created.id,
      expectedVersion: 1,
      user,
      at: at(3 * HOUR),
      now: t0,
    });
    expect(await nextDueAt(db, t0)).toEqual(at(3 * HOUR));

    await db
      .insert(releases)
      .values({ slug: 'ipc-avril', area: 'ipc', title: 'IPC avril', scheduledAt: at(2 * HOUR), status: 'confirmed' });
    expect(await nextDueAt(db, t0)).toEqual(at(2 * HOUR));

    const [tender] = await db
      .insert(tenders)
      .values({ slug: 'ao-1', reference: 'AO-1', title: 'Enquête', deadlineAt: at(HOUR), status: 'published', publishedAt: at(-HOUR) })
      .returning();
    expect(await nextDueAt(db, t0)).toEqual(at(HOUR));
    // A deadline already past changes nothing any more.
    expect(await nextDueAt(db, at(1.5 * HOUR))).toEqual(at(2 * HOUR));

    await db.insert(events).values({
      slug: 'atelier',
      title: 'Atelier',
      startsAt: at(HOUR / 2),
      endsAt: at(HOUR * 0.75),
      status: 'published',
      publishedAt: at(-HOUR),
    });
    expect(await nextDueAt(db, t0)).toEqual(at(HOUR / 2));
    expect(await nextDueAt(db, at(0.6 * HOUR))).toEqual(at(0.75 * HOUR));

    // A release past its minute waits for its approval: not due while it waits, due at once when approved.
    const [held] = await db
      .insert(releases)
      .values({ slug: 'ipi-retenu', area: 'ipi', title: 'IPI retenu', scheduledAt: at(-HOUR), status: 'confirmed', review: 'submitted' })
      .returning();
    expect(await nextDueAt(db, t0)).toEqual(at(HOUR / 2));
    await db.update(releases).set({ review: 'approved' }).where(eq(releases.id, held!.id));
    expect(await nextDueAt(db, t0)).toEqual(at(250));
    await db.delete(releases).where(eq(releases.id, held!.id));

    // Past its time, held or done, nothing is ahead any more.
    await db.delete(tenders).where(eq(tenders.id, tender!.id));
    await publishDueItems(db, at(4 * HOUR));
    expect(await nextDueAt(db, at(4 * HOUR))).toBeNull();
  });
});
