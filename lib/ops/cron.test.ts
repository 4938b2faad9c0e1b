/**
 * The cron route's handler on real databases: it exists only with a secret, refuses a request
 * without it, publishes what is due once — even when the platform calls it twice at once — and
 * expires the tags of what went online.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { kinds } from '@/lib/content/kinds';
import { createItem } from '@/lib/content/mutations/items';
import { changeLifecycle } from '@/lib/content/mutations/lifecycle';
import { openDatabase, type Database } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { handleCron, type CronDeps, type CronRun } from './cron';
import { setSelfApproval } from '@/lib/review/settings';

const SECRET = 'un-secret-de-cron-assez-long';
const call = (deps: CronDeps, authorization?: string) =>
  handleCron(new Request('http://localhost/api/cron', { headers: authorization ? { authorization } : {} }), deps);

describe.each(testDatabaseKinds)('GET /api/cron (%s)', (kind) => {
  let database: TestDatabase;
  let user: SessionUser;
  const expired: string[] = [];
  // The cron runs a minute after the items' time.
  const deps = (): CronDeps => ({
    secret: SECRET,
    getDb: async () => database.db,
    invalidate: (tags) => void expired.push(...tags),
    now: () => new Date(Date.now() + 60_000),
  });

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // One person writes and publishes here: the life cycle is under test, the second pair of eyes in lib/review/review.test.ts.
    await setSelfApproval(database.db, { allowed: true, user: null, actor: 'tests' });
    const [row] = await database.db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    user = row!;
  });
  afterAll(async () => {
    await database?.close();
  });

  async function scheduledIn(title: string, ms: number) {
    const now = new Date();
    const created = (await createItem(database.db, { kind: kinds.publications, input: { title, area: 'ipc' }, user, now })).item;
    return (
      await changeLifecycle(database.db, {
        kind: kinds.publications,
        action: 'schedule',
        id: created.id,
        expectedVersion: 1,
        user,
        at: new Date(now.getTime() + ms),
        now,
      })
    ).item;
  }

  it('does not exist without CRON_SECRET, and refuses a missing or wrong secret', async () => {
    const item = await scheduledIn('Note de conjoncture', 1_000);
    expect((await call({ ...deps(), secret: undefined }, `Bearer ${SECRET}`)).status).toBe(404);
    for (const header of [undefined, 'Bearer faux', `Bearer ${SECRET}x`, SECRET.slice(1)]) {
      const response = await call(deps(), header);
      expect(response.status, String(header)).toBe(401);
      expect((await response.json()).error).toMatch(/secret/i);
    }
    expect(expired).toEqual([]);
    // Nothing was published by the refused calls: the next good one does it.
    const run = (await (await call(deps(), `Bearer ${SECRET}`)).json()) as CronRun;
    expect(run.published.map((p) => p.id)).toEqual([item.id]);
    expect(expired.length).toBeGreaterThan(0);
  });

  it('publishes what is due once when called twice at the same moment, and nothing after', async () => {
    const items = await Promise.all([scheduledIn('Bulletin A', 1_000), scheduledIn('Bulletin B', 2_000)]);
    const later = await scheduledIn('Bulletin de demain', 86_400_000);
    // On Postgres, a second pool stands for a second serverless instance.
    const other: Database | null = database.url ? await openDatabase({ databaseUrl: database.url }) : null;
    try {
      const responses = await Promise.all([
        call(deps(), `Bearer ${SECRET}`),
        call({ ...deps(), getDb: async () => other?.db ?? database.db }, `Bearer ${SECRET}`),
      ]);
      expect(responses.map((r) => r.status)).toEqual([200, 200]);
      expect(responses[0]!.headers.get('cache-control')).toBe('no-store');
      const runs = (await Promise.all(responses.map((r) => r.json()))) as CronRun[];
      const ids = runs.flatMap((r) => r.published.map((p) => p.id)).sort();
      expect(ids).toEqual(items.map((i) => i.id).sort());
      expect(ids).not.toContain(later.id);
      const again = (await (await call(deps(), `Bearer ${SECRET}`)).json()) as CronRun;
      expect(again.published).toEqual([]);
    } finally {
      await other?.close();
    }
  });
});
