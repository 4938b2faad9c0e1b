/** The process's next due time: read on demand, shared, and heard by listeners only when it changes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db/open';
import { releases } from '@/lib/db/schema';
import { createTestDatabase, type TestDatabase } from '@/testing/db';
import { dueTimeKnown, lastPassedDueTime, nextDueTime, onDueTimeChange, refreshDueTime } from './due-clock';

describe('due clock', () => {
  let database: TestDatabase;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    db = database.db;
    await db.delete(releases);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('knows the next due time after a read and tells listeners of changes only', async () => {
    const heard: (Date | null)[] = [];
    const stop = onDueTimeChange((next) => heard.push(next));
    await refreshDueTime(db);
    expect(dueTimeKnown()).toBe(true);
    expect(nextDueTime()).toBeNull();
    const minute = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000);
    await db.insert(releases).values({ slug: 'ipc', area: 'ipc', title: 'IPC', scheduledAt: minute, status: 'confirmed' });
    // Two calls while one read is under way: both resolve after a read that saw the insert.
    await Promise.all([refreshDueTime(db), refreshDueTime(db)]);
    await refreshDueTime(db);
    expect(nextDueTime()).toEqual(minute);
    expect(heard).toEqual([null, minute]);
    stop();
  });

  it('remembers the due time it saw pass', async () => {
    await db.delete(releases);
    const soon = new Date(Date.now() + 1_500);
    await db.insert(releases).values({ slug: 'ipi', area: 'ipi', title: 'IPI', scheduledAt: soon, status: 'confirmed' });
    await refreshDueTime(db);
    expect(nextDueTime()).toEqual(soon);
    expect(lastPassedDueTime()?.getTime() ?? 0).toBeLessThan(soon.getTime());
    await new Promise((resolve) => setTimeout(resolve, soon.getTime() - Date.now() + 50));
    await refreshDueTime(db);
    expect(nextDueTime()).toBeNull();
    expect(lastPassedDueTime()).toEqual(soon);
  });
});
