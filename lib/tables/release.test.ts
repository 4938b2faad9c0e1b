import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { releases, users } from '@/lib/db/schema';
import { publishDueItems } from '@/lib/ops/scheduler';
import { readinessOf } from '@/lib/releases/review';
import { createRelease } from '@/lib/releases/mutations';
import { setSelfApproval } from '@/lib/review/settings';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { statusByte } from './cells';
import { getTable } from './queries';
import { dataTableVersions } from './schema';
import { createTable, writeTableVersion, type TablePayload } from './versions';

const payload: TablePayload = {
  structure: {
    dimensions: [
      { code: 'GROUPE', label: { fr: 'Groupe' }, role: 'plain', values: [{ code: 'ALIM', label: { fr: 'Alimentation' } }] },
      { code: 'MOIS', label: { fr: 'Mois' }, role: 'time', values: [{ code: '2030-04', label: { fr: 'avril 2030' } }] },
    ],
    measures: [{ code: 'INDICE', label: { fr: 'Indice' }, unit: { fr: 'base 100' }, decimals: 1 }],
  },
  values: Float64Array.of(112.4),
  statuses: Uint8Array.of(statusByte('P')),
  notes: {},
};

describe.each(testDatabaseKinds)('a table version carried by a calendar release on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('takes the release’s time, waits for its approval as a whole, and comes out with it', async () => {
    const { db } = database;
    const [user] = await db
      .insert(users)
      .values({ name: 'Awa Koné', email: 'awa@example.org' })
      .returning({ id: users.id, name: users.name, email: users.email });
    const actor = { user: user!, ip: null };
    await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
    const at = new Date('2030-05-02T08:00:00Z');
    const now = new Date('2030-04-20T08:00:00Z');
    const release = await createRelease(db, {
      input: { title: 'Indice des prix d’avril', area: 'ipc', scheduledAt: at, provisionalLabel: null, contact: '' },
      actor,
      now,
    });
    if (!release.ok) throw new Error(release.error);
    await db.update(releases).set({ status: 'confirmed' }).where(eq(releases.id, release.id));
    await createTable(db, {
      meta: { code: 'IPC_GROUPES', area: 'ipc', title: 'IPC par groupe', description: '', source: '', method: '', notes: '' },
      actor,
    });
    // Written by its writer alone while self-approval is off: the release is not ready.
    await setSelfApproval(db, { allowed: false, user: null, actor: 'tests' });
    const written = await writeTableVersion(db, {
      code: 'IPC_GROUPES',
      source: { payload },
      releaseId: release.id,
      kind: 'revision',
      reason: '',
      actor,
      approver: true,
      now,
    });
    expect(written.ok && written.value).toMatchObject({ number: 1, publishedAt: at, review: 'submitted' });
    const readiness = (await readinessOf(db, [release.id])).get(release.id)!;
    expect(readiness.missing.map((m) => m.label)).toContain('la version 1 du tableau IPC_GROUPES');

    // Its minute comes: nothing goes out, the release is not approved as a whole.
    const after = new Date(at.getTime() + 60_000);
    await publishDueItems(db, after);
    expect(await getTable(db, 'IPC_GROUPES', { asOf: after })).toBeNull();

    // Approved (entry and version): out with the release at the scheduler's next run.
    await db.update(dataTableVersions).set({ review: 'approved' }).where(eq(dataTableVersions.releaseId, release.id));
    await db.update(releases).set({ review: 'approved' }).where(eq(releases.id, release.id));
    const run = await publishDueItems(db, after);
    expect(run.published.map((p) => p.entity)).toEqual(['release', 'table']);
    expect(run.tags).toContain('table:IPC_GROUPES');
    expect((await getTable(db, 'IPC_GROUPES', { asOf: after }))!.version.number).toBe(1);
  });
});
