/**
 * Scheduled releases on real databases: only due items go online, each once even when two app
 * instances run at the same moment, with an audit entry and the tags to invalidate; the timer
 * never overlaps its runs and survives failures.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { publicationTags } from '@/lib/cache/tags';
import { isPublic } from '@/lib/content/queries/visibility';
import { openDatabase, type Database, type Db } from '@/lib/db/open';
import { auditEntries, publications, users } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { kinds } from '@/lib/content/kinds';
import { createItem, updateItem } from '@/lib/content/mutations/items';
import { changeLifecycle } from '@/lib/content/mutations/lifecycle';
import { publishDueItems, startScheduler } from './scheduler';
import { setSelfApproval } from '@/lib/review/settings';

const HOUR = 3_600_000;

describe.each(testDatabaseKinds)('scheduled releases on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let user: SessionUser;
  const t0 = new Date();

  /** A publication scheduled (as of `t0`) for `t0 + offset`. */
  async function scheduled(title: string, offsetMs: number, area = 'ipc') {
    const created = (await createItem(db, { kind: kinds.publications, input: { title, area }, user, now: t0 })).item;
    const { item: publication } = await changeLifecycle(db, {
      kind: kinds.publications,
      action: 'schedule',
      id: created.id,
      expectedVersion: 1,
      user,
      at: new Date(t0.getTime() + offsetMs),
      now: t0,
    });
    return publication;
  }

  const publishAudits = (ids: number[]) =>
    db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.action, 'publication.publish'), inArray(auditEntries.entityId, ids.map(String))));

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

  it('publishes only the scheduled items whose time has come, once, with an audit entry and their tags', async () => {
    const due = await scheduled('IPC avril 2026', HOUR);
    const dueOtherArea = await scheduled('IPI avril 2026', 2 * HOUR, 'ipi');
    const later = await scheduled('IPC mai 2026', 5 * HOUR);
    const trashed = await scheduled('IPC retiré', HOUR);
    await changeLifecycle(db, { kind: kinds.publications, action: 'trash', id: trashed.id, expectedVersion: 2, user, now: t0 });
    const draft = (await createItem(db, { kind: kinds.publications, input: { title: 'Brouillon daté', area: 'ipc' }, user })).item;
    await db
      .update(publications)
      .set({ publishedAt: new Date(t0.getTime() - HOUR) })
      .where(eq(publications.id, draft.id));

    const runAt = new Date(t0.getTime() + 3 * HOUR);
    const first = await publishDueItems(db, runAt);
    expect(first.published.map((p) => p.id).sort()).toEqual([due.id, dueOtherArea.id].sort());
    expect(first.tags).toEqual(expect.arrayContaining([...publicationTags(due), ...publicationTags(dueOtherArea)]));
    expect(first.tags).toContain('area:ipi');
    expect(new Set(first.tags).size).toBe(first.tags.length);

    const states = await db.select({ id: publications.id, status: publications.status, version: publications.version }).from(publications);
    const state = (id: number) => states.find((s) => s.id === id);
    expect(state(due.id)).toEqual({ id: due.id, status: 'published', version: 2 });
    expect(state(later.id)?.status).toBe('scheduled');
    expect(state(trashed.id)?.status).toBe('scheduled');
    expect(state(draft.id)?.status).toBe('draft');
    const publicNow = await db.select({ id: publications.id }).from(publications).where(isPublic(publications, runAt));
    expect(publicNow.map((r) => r.id).sort()).toEqual([due.id, dueOtherArea.id].sort());

    const entries = await publishAudits([due.id]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      userId: null,
      summary: 'Publication programmée mise en ligne automatiquement : « IPC avril 2026 »',
    });

    const second = await publishDueItems(db, runAt);
    expect(second).toEqual({ published: [], tags: [] });
    expect(await publishAudits([due.id])).toHaveLength(1);
  });

  it('leaves an editor’s open form valid: going online is not an edit', async () => {
    const item = await scheduled('Note de conjoncture', HOUR);
    await publishDueItems(db, new Date(t0.getTime() + 2 * HOUR));
    const { item: publication } = await updateItem(db, {
      kind: kinds.publications,
      id: item.id,
      expectedVersion: item.version,
      input: { title: 'Note de conjoncture (corrigée)' },
      user,
    });
    expect(publication).toMatchObject({ status: 'published', version: item.version + 1, title: 'Note de conjoncture (corrigée)' });
  });

  it('publishes each item once when two app instances run at the same moment', async () => {
    // Earlier tests' items scheduled before these go out first.
    await publishDueItems(db, new Date(t0.getTime() + 9 * HOUR));
    const items = await Promise.all(Array.from({ length: 6 }, (_, i) => scheduled(`Bulletin parallèle ${i + 1}`, 10 * HOUR + i)));
    // On Postgres, a second connection pool stands for the second app instance.
    const other: Database | null = database.url ? await openDatabase({ databaseUrl: database.url }) : null;
    try {
      const runAt = new Date(t0.getTime() + 11 * HOUR);
      const [a, b] = await Promise.all([publishDueItems(db, runAt), publishDueItems(other?.db ?? db, runAt)]);
      const ids = [...a.published, ...b.published].map((p) => p.id).sort();
      expect(ids).toEqual(items.map((i) => i.id).sort());
      expect(await publishAudits(ids)).toHaveLength(items.length);
    } finally {
      await other?.close();
    }
  });

  it('runs on a timer that never overlaps, invalidates what it published (retrying on failure) and logs failures in French', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const infos = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      // A run already due when the scheduler starts goes out at once.
      const created = (await createItem(db, { kind: kinds.publications, input: { title: 'IPPI programmé', area: 'ippi' }, user })).item;
      await db
        .update(publications)
        .set({ status: 'scheduled', publishedAt: new Date(Date.now() - 1000) })
        .where(eq(publications.id, created.id));

      let active = 0;
      let maxActive = 0;
      let calls = 0;
      let invalidations = 0;
      const invalidated: string[][] = [];
      const scheduler = startScheduler({
        intervalMs: 10,
        getDb: async () => {
          calls++;
          active++;
          maxActive = Math.max(maxActive, active);
          await new Promise((resolve) => setTimeout(resolve, 60));
          active--;
          if (calls === 2) throw new Error('connexion perdue');
          return db;
        },
        invalidate: (tags) => {
          invalidations++;
          if (invalidations === 1) throw new Error('expiration du cache refusée');
          invalidated.push(tags);
        },
      });
      await vi.waitFor(() => expect(invalidated.length).toBeGreaterThanOrEqual(1), { timeout: 5000 });
      await scheduler.stop();
      const callsAtStop = calls;
      await new Promise((resolve) => setTimeout(resolve, 50));

      expect(calls).toBe(callsAtStop);
      expect(maxActive).toBe(1);
      expect(invalidated).toEqual([publicationTags(created)]);
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/^Mise en ligne programmée : échec/),
        expect.objectContaining({ message: 'connexion perdue' }),
      );
      expect(errors).toHaveBeenCalledWith(
        expect.stringMatching(/^Mise en ligne programmée : échec/),
        expect.objectContaining({ message: 'expiration du cache refusée' }),
      );
      expect((await db.select({ status: publications.status }).from(publications).where(eq(publications.id, created.id)))[0]?.status).toBe(
        'published',
      );
    } finally {
      errors.mockRestore();
      infos.mockRestore();
    }
  });

  it('publishes at the second of its time, with the periodic run a minute away', async () => {
    const infos = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      const created = (await createItem(db, { kind: kinds.publications, input: { title: 'IPI à la seconde', area: 'ipc' }, user })).item;
      // Far enough ahead for the first run and the due time's read to be over before it.
      const due = new Date(Date.now() + 2_500);
      await db.update(publications).set({ status: 'scheduled', publishedAt: due }).where(eq(publications.id, created.id));
      const invalidatedAt: number[] = [];
      const scheduler = startScheduler({
        intervalMs: 60_000,
        getDb: async () => db,
        invalidate: () => void invalidatedAt.push(Date.now()),
      });
      try {
        // The periodic run is a minute away: only the due time's timer can publish it in time.
        await vi.waitFor(() => expect(invalidatedAt.length).toBe(1), { timeout: 8_000, interval: 20 });
        // Measured 1.1 s after the due time on PGlite with a load average of 22 (the run's whole
        // transaction); the periodic run alone would take a minute.
        expect(invalidatedAt[0]! - due.getTime()).toBeGreaterThanOrEqual(0);
        expect(invalidatedAt[0]! - due.getTime()).toBeLessThan(3_000);
        const [row] = await db.select({ status: publications.status }).from(publications).where(eq(publications.id, created.id));
        expect(row?.status).toBe('published');
      } finally {
        await scheduler.stop();
      }
    } finally {
      infos.mockRestore();
    }
  });

  it('runs once more when asked during a run, so a due time reached meanwhile is not skipped', async () => {
    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const scheduler = startScheduler({
      intervalMs: 60_000,
      getDb: async () => {
        runs++;
        if (runs === 1) await gate;
        return db;
      },
      invalidate: () => {},
    });
    try {
      const followUp = scheduler.runNow();
      expect(runs).toBe(1);
      release();
      await followUp;
      expect(runs).toBe(2);
    } finally {
      await scheduler.stop();
    }
  });
});
