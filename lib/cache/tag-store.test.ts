import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/db/open';
import { queryRows } from '@/lib/db/raw';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { FLOOR_TAG, pruneCacheTags } from './prune';
import { createTagStore, type TagStore } from './tag-store';

const until = async (check: () => boolean, timeoutMs = 5_000): Promise<number> => {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > timeoutMs) throw new Error('délai dépassé');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return performance.now() - start;
};

describe.each(testDatabaseKinds)('cache tag store on %s', (kind) => {
  let database: TestDatabase;
  const stores: TagStore[] = [];
  const store = (options: Partial<Parameters<typeof createTagStore>[0]> = {}) => {
    const created = createTagStore({ db: database.db, ...options });
    stores.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await database?.close();
  });

  it('an entry written before a change of one of its tags is stale, one written after is not', async () => {
    const tags = store();
    await tags.start();
    const before = Date.now() - 1;
    await tags.bump(['area:ipc', 'publication:1', 'area:ipc']);
    expect(tags.isStale(['publication:1', 'layout'], before)).toBe(true);
    expect(tags.isStale(['publication:2', 'layout'], before)).toBe(false);
    expect(tags.lastChangeAt()).toBeGreaterThanOrEqual(before);
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(tags.isStale(['publication:1'], Date.now())).toBe(false);

    const rows = await queryRows<{ tag: string }>(database.db, sql`select tag from cache_tags order by tag`);
    expect(rows.map((r) => r.tag)).toEqual(['area:ipc', 'publication:1']);
  });

  it('after a restart, what was written before the last change of a tag is stale; what came later is not', async () => {
    const writer = store();
    await writer.start();
    await writer.bump(['news:7']);
    const restarted = store();
    await restarted.start();
    // The build's prerendered page, or a page an earlier process wrote before the change.
    expect(restarted.isStale(['news:7'], Date.now() - 60_000)).toBe(true);
    // A page written well after the change (beyond the clock margin) is served.
    expect(restarted.isStale(['news:7'], Date.now() + 2_000)).toBe(false);
    expect(restarted.isStale(['news:8'], Date.now() - 60_000)).toBe(false);
  });

  it('expiries older than a month leave the table; a store started afterwards still trusts nothing written before them', async () => {
    const writer = store();
    await writer.start();
    await writer.bump(['old:1', 'old:2']);
    await queryRows(database.db, sql`update cache_tags set revalidated_at = now() - interval '40 days' where tag in ('old:1', 'old:2')`);
    await writer.bump(['recent:1']);
    expect(await pruneCacheTags(database.db)).toBe(2);
    expect(await pruneCacheTags(database.db)).toBe(0);
    const rows = await queryRows<{ tag: string }>(
      database.db,
      sql`select tag from cache_tags where tag in ('old:1', 'old:2', 'recent:1', ${FLOOR_TAG}) order by tag`,
    );
    expect(rows.map((r) => r.tag)).toEqual([FLOOR_TAG, 'recent:1']);

    const restarted = store();
    await restarted.start();
    // Written before the pruned change (41 days ago): stale though its tag's row is gone.
    expect(restarted.isStale(['old:1'], Date.now() - 41 * 86_400_000)).toBe(true);
    // Any entry from before the floor is re-rendered once, whatever its tags.
    expect(restarted.isStale(['other:9'], Date.now() - 41 * 86_400_000)).toBe(true);
    // Written since: served.
    expect(restarted.isStale(['old:1'], Date.now() - 20 * 86_400_000)).toBe(false);
  });

  it('a change written again raises its sequence; a store reading it again is not misled', async () => {
    const tags = store();
    await tags.start();
    await tags.bump(['event:1']);
    const [first] = await queryRows<{ seq: string }>(database.db, sql`select seq::text from cache_tags where tag = 'event:1'`);
    await tags.bump(['event:1']);
    const [second] = await queryRows<{ seq: string }>(database.db, sql`select seq::text from cache_tags where tag = 'event:1'`);
    expect(Number(second!.seq)).toBeGreaterThan(Number(first!.seq));
    // A catch-up that reads the row again does not date the change anew.
    const written = Date.now() + 1;
    await new Promise((resolve) => setTimeout(resolve, 2));
    await tags.catchUp();
    expect(tags.isStale(['event:1'], written)).toBe(false);
  });

  it('tells of its own writes once the writer has gone on (the purge of the caches in front), never of others’', async () => {
    const heard: string[][] = [];
    const tags = store({ onLocalChange: (t) => heard.push([...t]) });
    await tags.start();
    let after = false;
    await tags.bump(['news', 'news:3', 'news']).then(() => {
      // The writer's code right after its bump (invalidateTags begins its page renders here) runs first.
      after = true;
      expect(heard).toEqual([]);
    });
    await until(() => heard.length === 1);
    expect(after).toBe(true);
    expect(heard).toEqual([['news', 'news:3']]);
  });
});

describe.runIf(testDatabaseKinds.includes('postgres'))('cache tag store: two processes on one Postgres', () => {
  let database: TestDatabase;
  let second: Database;
  const stores: TagStore[] = [];
  const remote: { name: string; tags: readonly string[] | null }[] = [];
  const store = (name: string, db = database.db, listen = true) => {
    const created = createTagStore({
      db,
      listenUrl: listen ? database.url : undefined,
      onRemoteChange: (tags) => remote.push({ name, tags }),
    });
    stores.push(created);
    return created;
  };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    // A second connection pool to the same database, as another app instance has.
    second = await openDatabase({ databaseUrl: database.url });
  });
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
    await second?.close();
    await database?.close();
  });

  it('a change on one instance makes the other drop its older entries, with its own caches', async () => {
    const a = store('A');
    const b = store('B', second.db);
    await Promise.all([a.start(), b.start()]);
    remote.length = 0;
    const writtenOnB = Date.now() - 1;
    expect(b.isStale(['publication:42'], writtenOnB)).toBe(false);

    const start = performance.now();
    await a.bump(['publication:42', 'area:ipc']);
    const written = performance.now() - start;
    const ms = await until(() => b.isStale(['publication:42'], writtenOnB));
    console.info(`Écriture et notification : ${written.toFixed(1)} ms ; appliquée par l'autre instance ${ms.toFixed(1)} ms après.`);
    expect(b.isStale(['area:ipc'], writtenOnB)).toBe(true);
    expect(b.isStale(['publication:43'], writtenOnB)).toBe(false);
    // B drops its front cache and 404 index; A ignores its own notification.
    await until(() => remote.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(remote).toEqual([{ name: 'B', tags: ['area:ipc', 'publication:42'] }]);
    await Promise.all([a.close(), b.close()]);
  });

  it('a write answers once every other live instance has applied it, not merely sent it', async () => {
    const a = store('A3');
    const b = store('B3', second.db);
    const c = store('C3', second.db);
    await Promise.all([a.start(), b.start(), c.start()]);
    // Presence travels on the channel: each start says hello, and those already there answer.
    await new Promise((resolve) => setTimeout(resolve, 200));
    for (let i = 0; i < 30; i++) {
      const written = Date.now() - 1;
      await a.bump([`series:${i}`]);
      // No waiting here: the answer of the write is the moment a reader may hit another instance.
      expect(b.isStale([`series:${i}`], written), `B, écriture ${i}`).toBe(true);
      expect(c.isStale([`series:${i}`], written), `C, écriture ${i}`).toBe(true);
    }
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it('an instance that missed the notification learns of the change at its next catch-up', async () => {
    const a = store('A');
    const deaf = store('C', second.db, false);
    await Promise.all([a.start(), deaf.start()]);
    const written = Date.now() - 1;
    await a.bump(['news:5']);
    expect(deaf.isStale(['news:5'], written)).toBe(false);
    await deaf.catchUp();
    expect(deaf.isStale(['news:5'], written)).toBe(true);
  });

  it('a change too large for a notification still reaches the other instance', async () => {
    const a = store('A2');
    const b = store('B2', second.db);
    await Promise.all([a.start(), b.start()]);
    remote.length = 0;
    const written = Date.now() - 1;
    const many = Array.from({ length: 600 }, (_, i) => `publication:${100_000 + i}`);
    await a.bump(many);
    await until(() => remote.some((r) => r.name === 'B2'));
    await b.pending();
    // At once « drop everything », before the tags are read.
    expect(remote.find((r) => r.name.endsWith('2'))).toEqual({ name: 'B2', tags: null });
    expect(b.isStale([many[599]!], written)).toBe(true);
  });

  it('until the table could be read, nothing written before the start is trusted', async () => {
    const unreachable = createTagStore({ db: database.db, listenUrl: 'postgres://nobody@127.0.0.1:1/none' });
    stores.push(unreachable);
    await expect(unreachable.start()).rejects.toThrow();
    // The table was read: only the LISTEN failed, so entries are judged by their tags.
    expect(unreachable.isStale(['untouched'], Date.now() - 60_000)).toBe(false);

    const broken = await openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
    const blind = createTagStore({ db: broken.db });
    await expect(blind.start()).rejects.toThrow();
    expect(blind.isStale(['untouched'], Date.now() - 60_000)).toBe(true);
    expect(blind.isStale(['untouched'], Date.now() + 1_000)).toBe(false);
    await broken.close();
  });
});
