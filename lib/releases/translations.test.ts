/**
 * The English title, window and reason of a release (issue 15): given at the announcement or
 * afterwards, versioned and audited with the release, refused with a French message when too long,
 * and dropped when the French text they translate is replaced (a confirmed window, a new reason).
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tags } from '@/lib/cache/tags';
import { fromFlatForm } from '@/lib/content/schemas/translations';
import { auditEntries, releases, users } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { changeRelease, createRelease, releaseEnglishSchema, translateRelease, type Actor } from './mutations';

describe('the English form of a release', () => {
  it('reads flat en.* fields and refuses a too-long English title with a French message under it', () => {
    // As the release's English form sends it (translateReleaseAction).
    const schema = fromFlatForm(z.object({ id: z.coerce.number(), en: releaseEnglishSchema }));
    expect(schema.parse({ id: '3', 'en.title': ' Consumer prices ', 'en.reason': '' })).toEqual({
      id: 3,
      en: { title: 'Consumer prices', reason: '' },
    });
    const bad = schema.safeParse({ id: '3', 'en.title': 'T'.repeat(201) });
    expect(bad.success ? null : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['en.title', 'Le titre en anglais ne doit pas dépasser 200 caractères.'],
    ]);
  });
});

describe.each(testDatabaseKinds)('English text of releases on %s', (kind) => {
  let database: TestDatabase;
  let actor: Actor;
  const row = async (id: number) => (await database.db.select().from(releases).where(eq(releases.id, id)))[0]!;
  const audits = (id: number) =>
    database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'release'), eq(auditEntries.entityId, String(id))))
      .orderBy(asc(auditEntries.id));

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

  it('announces with an English title, translates afterwards in a versioned, audited write, and clears', async () => {
    const { db } = database;
    const created = await createRelease(db, {
      input: {
        title: 'Indice des prix – mars 2027',
        area: 'ipc',
        scheduledAt: new Date('2027-04-12T08:45:00Z'),
        provisionalLabel: 'avril 2027',
        contact: '',
        en: { title: 'Consumer prices – March 2027', provisionalLabel: '' },
      },
      actor,
    });
    if (!created.ok) throw new Error(created.error);
    expect(created.slug).toBe('indice-des-prix-mars-2027-2027-04-12');
    expect(await row(created.id)).toMatchObject({ version: 1, translations: { en: { title: 'Consumer prices – March 2027' } } });

    const translated = await translateRelease(db, {
      id: created.id,
      expectedVersion: 1,
      english: { title: 'Consumer prices – March 2027', provisionalLabel: 'April 2027' },
      actor,
    });
    expect(translated).toMatchObject({ ok: true, tags: [tags.releases, tags.sitemap] });
    const after = await row(created.id);
    expect(after).toMatchObject({
      version: 2,
      sequence: 0,
      translations: { en: { title: 'Consumer prices – March 2027', provisionalLabel: 'April 2027' } },
    });
    const entry = (await audits(created.id)).at(-1)!;
    expect(entry).toMatchObject({
      action: 'release.translate',
      before: { 'en.provisionalLabel': null },
      after: { 'en.provisionalLabel': 'April 2027' },
    });

    const unchanged = await translateRelease(db, {
      id: created.id,
      expectedVersion: 2,
      english: { title: 'Consumer prices – March 2027', provisionalLabel: 'April 2027' },
      actor,
    });
    expect(unchanged).toMatchObject({ ok: true, tags: [] });
    expect((await row(created.id)).version).toBe(2);

    // Confirming the date ends the provisional window: its English version goes with it.
    const confirmed = await changeRelease(db, {
      id: created.id,
      expectedVersion: 2,
      change: { kind: 'confirm', scheduledAt: new Date('2027-04-12T08:45:00Z') },
      actor,
    });
    expect(confirmed.ok).toBe(true);
    expect((await row(created.id)).translations).toEqual({ en: { title: 'Consumer prices – March 2027' } });

    // Only the fields sent change (issue 30): a window sent alone keeps the title; an empty title clears it.
    await translateRelease(db, { id: created.id, expectedVersion: 3, english: { provisionalLabel: '' }, actor });
    expect(await row(created.id)).toMatchObject({ version: 3, translations: { en: { title: 'Consumer prices – March 2027' } } });
    await translateRelease(db, { id: created.id, expectedVersion: 3, english: { title: '' }, actor });
    expect(await row(created.id)).toMatchObject({ version: 4, translations: {} });
  });

  it('refuses a stale English save, keeping the first one, and drops an English reason when the release moves again', async () => {
    const { db } = database;
    const created = await createRelease(db, {
      input: {
        title: 'Commerce extérieur – T1 2027',
        area: 'ipc',
        scheduledAt: new Date('2027-05-20T08:45:00Z'),
        provisionalLabel: null,
        contact: '',
      },
      actor,
    });
    if (!created.ok) throw new Error(created.error);
    await changeRelease(db, {
      id: created.id,
      expectedVersion: 1,
      change: { kind: 'move', scheduledAt: new Date('2027-05-27T08:45:00Z'), reason: 'Données douanières en retard.' },
      actor,
    });
    const first = await translateRelease(db, { id: created.id, expectedVersion: 2, english: { reason: 'Customs data are late.' }, actor });
    expect(first.ok).toBe(true);
    const stale = await translateRelease(db, { id: created.id, expectedVersion: 2, english: { reason: 'Late customs data.' }, actor });
    expect(stale).toEqual({ ok: false, error: 'Quelqu’un a modifié cette parution pendant que vous la modifiiez : rechargez la page.' });
    expect((await row(created.id)).translations).toEqual({ en: { reason: 'Customs data are late.' } });

    await changeRelease(db, {
      id: created.id,
      expectedVersion: 3,
      change: { kind: 'move', scheduledAt: new Date('2027-06-03T08:45:00Z'), reason: 'Nouvelle source à intégrer.' },
      actor,
    });
    expect((await row(created.id)).translations).toEqual({});
  });
});
