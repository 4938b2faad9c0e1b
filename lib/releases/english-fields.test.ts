/**
 * The English fields issue 29 added to the calendar: a release's contact, and the reason of each
 * change of its date — written beside the French in the back-office (« Reporter », « Version
 * anglaise »), kept with the date change for the public history, checked with French messages.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { englishFields, englishText, fromFlatForm } from '@/lib/content/schemas/translations';
import { releaseDateChanges, releases, users } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { changeRelease, createRelease, releaseEnglishSchema, translateRelease, type Actor } from './mutations';
import { releaseBySlug } from './queries';

describe('the English contact and reason of the forms', () => {
  it('reads them flat, and refuses a too-long contact with a French message', () => {
    const schema = fromFlatForm(z.object({ en: releaseEnglishSchema }));
    expect(schema.parse({ 'en.contact': ' Dissemination desk ' })).toEqual({ en: { contact: 'Dissemination desk' } });
    const bad = schema.safeParse({ 'en.contact': 'x'.repeat(201) });
    expect(bad.success ? null : bad.error.issues.map((i) => i.message)).toEqual([
      'Le contact en anglais ne doit pas dépasser 200 caractères.',
    ]);
    // « Reporter » sends the English reason beside the French one (moveReleaseAction).
    const move = fromFlatForm(z.object({ reason: z.string(), en: englishFields({ reason: englishText(500, 'La raison du report') }) }));
    expect(move.parse({ reason: 'Retard.', 'en.reason': 'Delay.' })).toEqual({ reason: 'Retard.', en: { reason: 'Delay.' } });
  });
});

describe.each(testDatabaseKinds)('English contact and date-change reasons on %s', (kind) => {
  let database: TestDatabase;
  let actor: Actor;
  const now = new Date('2027-01-10T08:00:00Z');

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

  it('keeps each reason’s English with its date change, and the contact’s English with the release', async () => {
    const { db } = database;
    const created = await createRelease(db, {
      input: {
        title: 'Comptes nationaux – T1 2027',
        area: 'ipc',
        scheduledAt: new Date('2027-04-12T08:45:00Z'),
        provisionalLabel: null,
        contact: 'Service des comptes',
        en: { title: 'National accounts – Q1 2027' },
      },
      actor,
      now,
    });
    if (!created.ok) throw new Error(created.error);

    const translated = await translateRelease(db, {
      id: created.id,
      expectedVersion: 1,
      english: { contact: 'National accounts desk' },
      actor,
    });
    expect(translated).toMatchObject({ ok: true });
    const moved = await changeRelease(db, {
      id: created.id,
      expectedVersion: 2,
      change: {
        kind: 'move',
        scheduledAt: new Date('2027-04-19T08:45:00Z'),
        reason: 'Données douanières en retard.',
        reasonEn: 'Customs data late.',
      },
      actor,
      now,
    });
    expect(moved).toMatchObject({ ok: true });
    // A second move without English: the release's English reason goes (it translated the old one).
    const again = await changeRelease(db, {
      id: created.id,
      expectedVersion: 3,
      change: { kind: 'move', scheduledAt: new Date('2027-04-26T08:45:00Z'), reason: 'Contrôles supplémentaires.' },
      actor,
      now,
    });
    expect(again).toMatchObject({ ok: true });
    const [row] = await db.select().from(releases).where(eq(releases.id, created.id));
    expect(row!.translations).toEqual({ en: { title: 'National accounts – Q1 2027', contact: 'National accounts desk' } });

    // Translated afterwards: the release's reason and its last date change's.
    const later = await translateRelease(db, { id: created.id, expectedVersion: 4, english: { reason: 'Further checks.' }, actor });
    expect(later).toMatchObject({ ok: true });
    const page = await releaseBySlug(db, created.slug, new Date('2027-05-01T00:00:00Z'));
    expect(page!.changes.map((c) => [c.reason, c.translations])).toEqual([
      ['Données douanières en retard.', { en: { reason: 'Customs data late.' } }],
      ['Contrôles supplémentaires.', { en: { reason: 'Further checks.' } }],
    ]);
    expect(page!.release.translations.en).toMatchObject({ contact: 'National accounts desk', reason: 'Further checks.' });

    // Cleared: the history shows the French again.
    await translateRelease(db, { id: created.id, expectedVersion: 5, english: { reason: '' }, actor });
    const changes = await db
      .select()
      .from(releaseDateChanges)
      .where(eq(releaseDateChanges.releaseId, created.id))
      .orderBy(asc(releaseDateChanges.id));
    expect(changes.map((c) => c.translations)).toEqual([{ en: { reason: 'Customs data late.' } }, {}]);
  });
});
