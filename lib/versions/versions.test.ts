/**
 * The life of a version is one piece of code for every kind of versioned data (lib/versions): the
 * same rules, refusals and release embargo for a series and for a table, checked here side by side
 * through each kind's own entry points (lib/series/versions.ts, lib/tables/versions.ts).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, releases, users } from '@/lib/db/schema';
import { publishDueItems } from '@/lib/ops/scheduler';
import { createRelease } from '@/lib/releases/mutations';
import { setSelfApproval } from '@/lib/review/settings';
import { versionsAwaitingReview } from '@/lib/series/admin';
import { seriesAt } from '@/lib/series/queries';
import { approveVersion, cancelScheduledVersion, createSeries, publishVersions, returnVersion } from '@/lib/series/versions';
import { statusByte } from '@/lib/tables/cells';
import { getTable, tableVersionsAwaitingReview } from '@/lib/tables/queries';
import {
  approveTableVersion,
  cancelTableVersion,
  createTable,
  returnTableVersion,
  writeTableVersion,
  type TablePayload,
} from '@/lib/tables/versions';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import type { Actor, VersionTerms, VersionWrite } from './model';

const t0 = new Date('2031-03-02T08:00:00Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);

const payload = (value: number): TablePayload => ({
  structure: {
    dimensions: [
      { code: 'GROUPE', label: { fr: 'Groupe' }, role: 'plain', values: [{ code: 'ALIM', label: { fr: 'Alimentation' } }] },
      { code: 'MOIS', label: { fr: 'Mois' }, role: 'time', values: [{ code: '2031-01', label: { fr: 'janvier 2031' } }] },
    ],
    measures: [{ code: 'INDICE', label: { fr: 'Indice' }, unit: { fr: 'base 100' }, decimals: 1 }],
  },
  values: Float64Array.of(value),
  statuses: Uint8Array.of(statusByte('A')),
  notes: {},
});

/** Each kind through its own entry points: create an owner, write a version, read it, review it. */
type KindUnderTest = {
  name: string;
  /** « la série X », « le tableau X » as the refusals say it. */
  the: (code: string) => string;
  The: (code: string) => string;
  auditPrefix: string;
  create: (db: TestDatabase['db'], code: string, actor: Actor) => Promise<void>;
  write: (db: TestDatabase['db'], code: string, value: number, terms: VersionTerms) => Promise<VersionWrite<{ number: number }>>;
  isPublic: (db: TestDatabase['db'], code: string, at: Date) => Promise<boolean>;
  approve: (db: TestDatabase['db'], step: { code: string; number: number; actor: Actor; now?: Date }) => Promise<VersionWrite<unknown>>;
  sendBack: (db: TestDatabase['db'], step: { code: string; number: number; note: string; actor: Actor }) => Promise<VersionWrite<null>>;
  cancel: (db: TestDatabase['db'], step: { code: string; number: number; actor: Actor; now?: Date }) => Promise<VersionWrite<null>>;
  awaiting: (db: TestDatabase['db']) => Promise<{ code: string; number: number }[]>;
};

const kinds: KindUnderTest[] = [
  {
    name: 'series',
    the: (code) => `la série ${code}`,
    The: (code) => `La série ${code}`,
    auditPrefix: 'series',
    create: async (db, code, actor) => {
      const meta = {
        ...{ code, label: `Indice ${code}`, unit: 'indice', basePeriod: '', frequency: 'monthly' as const, decimals: 1 },
        ...{ seasonalAdjustment: 'none' as const, source: '', methodology: '', area: 'ipc', headline: false, imfIndicator: null },
      };
      expect((await createSeries(db, { meta, actor })).ok).toBe(true);
    },
    write: (db, code, value, terms) =>
      publishVersions(db, { ...terms, values: new Map([[code, [{ period: '2031-01-01', value, status: 'A' }]]]) }).then((written) =>
        written.ok ? { ...written, value: written.value[0]! } : written,
      ),
    isPublic: async (db, code, at) => (await seriesAt(db, code, { at })) !== null,
    approve: approveVersion,
    sendBack: returnVersion,
    cancel: cancelScheduledVersion,
    awaiting: versionsAwaitingReview,
  },
  {
    name: 'table',
    the: (code) => `le tableau ${code}`,
    The: (code) => `Le tableau ${code}`,
    auditPrefix: 'table',
    create: async (db, code, actor) => {
      const meta = { code, area: 'ipc', title: `Tableau ${code}`, description: '', source: '', method: '', notes: '' };
      expect((await createTable(db, { meta, actor })).ok).toBe(true);
    },
    write: (db, code, value, terms) => writeTableVersion(db, { ...terms, code, source: { payload: payload(value) } }),
    isPublic: async (db, code, at) => (await getTable(db, code, { asOf: at })) !== null,
    approve: approveTableVersion,
    sendBack: returnTableVersion,
    cancel: cancelTableVersion,
    awaiting: tableVersionsAwaitingReview,
  },
];

describe.each(testDatabaseKinds)('one life of a version for series and tables on %s', (database_kind) => {
  let database: TestDatabase;
  let writer: Actor;
  let reviewer: Actor;

  beforeAll(async () => {
    database = await createTestDatabase(database_kind);
    const account = async (name: string) => {
      const [row] = await database.db
        .insert(users)
        .values({ name, email: `${name.toLowerCase().replace(/\W/g, '')}@example.org`, role: 'publisher' })
        .returning({ id: users.id, name: users.name, email: users.email });
      return { user: row! };
    };
    writer = await account('Awa Rédige');
    reviewer = await account('Ibrahim Relit');
    await setSelfApproval(database.db, { allowed: false, user: null, actor: 'tests' });
  });
  afterAll(async () => {
    await database.close();
  });

  describe.each(kinds)('a $name', (kind) => {
    const terms = (extra: Partial<VersionTerms> = {}): VersionTerms => ({
      kind: 'revision',
      reason: '',
      actor: writer,
      approver: true,
      now: t0,
      ...extra,
    });

    it('is submitted, refuses a second one, is approved by a second person only, and sent back with a reason', async () => {
      const { db } = database;
      const code = `CORE_${kind.name.toUpperCase()}_A`;
      await kind.create(db, code, writer);

      // A correction says what it corrects, before anything is written.
      expect(await kind.write(db, code, 100, terms({ kind: 'correction', reason: '' }))).toMatchObject({ ok: false, field: 'reason' });

      // An approver's own version, self-approval off: submitted, public nowhere.
      const first = await kind.write(db, code, 100, terms());
      expect(first).toMatchObject({ ok: true, value: { number: 1, review: 'submitted' }, tags: [] });
      expect(await kind.isPublic(db, code, minutes(60))).toBe(false);
      expect((await kind.awaiting(db)).filter((v) => v.code === code)).toMatchObject([{ number: 1 }]);

      // One version not yet public at a time, said the same way for every kind.
      const second = await kind.write(db, code, 101, terms());
      expect(second.ok === false && second.error).toBe(
        `${kind.The(code)} a déjà une version en attente de relecture (version 1) : faites-la approuver ou annulez-la avant d’en préparer une autre.`,
      );

      // Its writer may not approve it; a second person may.
      const own = await kind.approve(db, { code, number: 1, actor: writer, now: minutes(1) });
      expect(own.ok === false && own.error).toContain(`Vous avez écrit la dernière version de ${kind.the(code)}`);
      const sentBack = await kind.sendBack(db, { code, number: 1, note: '  ', actor: reviewer });
      expect(sentBack).toMatchObject({ ok: false, field: 'note' });
      const approved = await kind.approve(db, { code, number: 1, actor: reviewer, now: minutes(1) });
      expect(approved).toMatchObject({ ok: true, value: { public: true } });
      expect(approved.ok && approved.tags.length).toBeGreaterThan(0);
      expect(await kind.isPublic(db, code, minutes(2))).toBe(true);
      // Dated when it became public: not shown « as of » before its approval.
      expect(await kind.isPublic(db, code, t0)).toBe(false);

      // The next one is sent back with a reason, then can only be cancelled.
      expect((await kind.write(db, code, 102, terms({ now: minutes(3) }))).ok).toBe(true);
      expect((await kind.sendBack(db, { code, number: 2, note: 'La valeur de janvier est fausse.', actor: reviewer })).ok).toBe(true);
      const afterReturn = await kind.approve(db, { code, number: 2, actor: reviewer, now: minutes(4) });
      expect(afterReturn.ok === false && afterReturn.error).toContain('a été renvoyée à son rédacteur');
      expect((await kind.cancel(db, { code, number: 2, actor: writer, now: minutes(4) })).ok).toBe(true);
      const journal = await db.select({ action: auditEntries.action }).from(auditEntries).where(eq(auditEntries.entityId, code));
      expect(journal.map((e) => e.action)).toEqual(
        expect.arrayContaining([
          `${kind.auditPrefix}.submit`,
          `${kind.auditPrefix}.approve`,
          `${kind.auditPrefix}.return`,
          `${kind.auditPrefix}.unschedule`,
        ]),
      );
    });

    it('with a release: approved alone after the release’s minute, it still waits for the release and is announced with it', async () => {
      const { db } = database;
      const code = `CORE_${kind.name.toUpperCase()}_B`;
      await kind.create(db, code, writer);
      const at = minutes(60);
      const release = await createRelease(db, {
        input: { title: `Parution ${code}`, area: 'ipc', scheduledAt: at, provisionalLabel: null, contact: '' },
        actor: writer,
        now: t0,
      });
      if (!release.ok) throw new Error(release.error);
      await db.update(releases).set({ status: 'confirmed' }).where(eq(releases.id, release.id));
      const written = await kind.write(db, code, 100, terms({ releaseId: release.id }));
      expect(written).toMatchObject({ ok: true, value: { number: 1, review: 'submitted' } });

      // Its minute passes, the release is held (not approved): the version approved alone stays hidden, not announced.
      const late = minutes(90);
      await publishDueItems(db, late);
      const approved = await kind.approve(db, { code, number: 1, actor: reviewer, now: late });
      expect(approved).toMatchObject({ ok: true, value: { public: false }, tags: [] });
      expect(await kind.isPublic(db, code, late)).toBe(false);

      // The release approved as a whole goes out at the next run, and the version's caches are told then.
      await db.update(releases).set({ review: 'approved' }).where(eq(releases.id, release.id));
      const run = await publishDueItems(db, minutes(91));
      expect(run.published.map((p) => p.entity)).toContain('release');
      expect(run.tags.some((tag) => tag.includes(code))).toBe(true);
      expect(await kind.isPublic(db, code, minutes(91))).toBe(true);
    });
  });
});
