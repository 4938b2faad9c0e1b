/**
 * A page's metadata in each language: canonical address in the page's language, `hreflang`
 * alternates for the languages its content exists in, and, for content only in French, an English
 * page that names the French one as canonical. Reads the institute's identity from a real database.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { siteIdentity } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { pageMetadata } from './seo';

// `getIdentity` is a cached read: outside Next, its cache calls have nothing to do.
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));

const g = globalThis as { __insstatDb?: unknown };

describe.each(testDatabaseKinds)('pageMetadata (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await database.db
      .insert(siteIdentity)
      .values({ name: 'Institut national de la statistique', acronym: 'INSSTAT', country: 'Burkina Faso' });
    g.__insstatDb = Promise.resolve(database);
  });
  afterAll(async () => {
    delete g.__insstatDb;
    await database.close();
  });

  const page = { title: 'Indice des prix', description: 'Les prix', path: '/indice/ipc' };

  it('gives a French page its French address and names both languages, French by default', async () => {
    const m = await pageMetadata({ ...page, locale: 'fr' });
    expect(m.title).toBe('Indice des prix | INSSTAT');
    expect(m.alternates?.canonical).toBe('/indice/ipc');
    expect(m.alternates?.languages).toEqual({ fr: '/indice/ipc', en: '/en/indice/ipc', 'x-default': '/indice/ipc' });
    expect(m.openGraph).toMatchObject({
      url: '/indice/ipc',
      locale: 'fr_FR',
      alternateLocale: ['en_GB'],
      siteName: 'INSSTAT — Institut national de la statistique',
    });
  });

  it('gives an English page its /en address and the same alternates', async () => {
    const m = await pageMetadata({ ...page, title: 'Consumer prices', locale: 'en' });
    expect(m.alternates?.canonical).toBe('/en/indice/ipc');
    expect(m.alternates?.languages).toEqual({ fr: '/indice/ipc', en: '/en/indice/ipc', 'x-default': '/indice/ipc' });
    expect(m.openGraph).toMatchObject({ url: '/en/indice/ipc', locale: 'en_GB', alternateLocale: ['fr_FR'] });
  });

  it('says the English home is /en', async () => {
    const m = await pageMetadata({ title: '', description: 'Accueil', path: '/', locale: 'en' });
    expect(m.alternates?.canonical).toBe('/en');
    expect(m.alternates?.languages).toEqual({ fr: '/', en: '/en', 'x-default': '/' });
    expect(m.title).toBe('INSSTAT — Institut national de la statistique');
  });

  it('announces no English page for content only in French, and points its English page to the French one', async () => {
    const french = await pageMetadata({ ...page, locale: 'fr', languages: ['fr'] });
    expect(french.alternates?.canonical).toBe('/indice/ipc');
    expect(french.alternates?.languages).toEqual({ fr: '/indice/ipc', 'x-default': '/indice/ipc' });
    expect(french.openGraph).toMatchObject({ url: '/indice/ipc', locale: 'fr_FR', alternateLocale: [] });

    const english = await pageMetadata({ ...page, locale: 'en', languages: ['fr'] });
    expect(english.alternates?.canonical).toBe('/indice/ipc');
    expect(english.alternates?.languages).toEqual({ fr: '/indice/ipc', 'x-default': '/indice/ipc' });
    expect(english.openGraph).toMatchObject({ url: '/indice/ipc', locale: 'fr_FR', alternateLocale: [] });
  });

  it('names the site in English on English pages where /admin/about translates the name, in French on French pages', async () => {
    const english = { name: 'National Institute of Statistics' };
    await database.db
      .update(siteIdentity)
      .set({ translations: { en: english } })
      .where(eq(siteIdentity.id, 1));
    try {
      const home = await pageMetadata({ title: '', description: 'Home', path: '/', locale: 'en' });
      expect(home.title).toBe('INSSTAT — National Institute of Statistics');
      expect(home.openGraph).toMatchObject({ siteName: 'INSSTAT — National Institute of Statistics' });
      const other = await pageMetadata({ ...page, title: 'Consumer prices', locale: 'en' });
      expect(other.title).toBe('Consumer prices | INSSTAT');
      expect(other.openGraph).toMatchObject({ siteName: 'INSSTAT — National Institute of Statistics' });
      const french = await pageMetadata({ title: '', description: 'Accueil', path: '/', locale: 'fr' });
      expect(french.title).toBe('INSSTAT — Institut national de la statistique');
      expect(french.openGraph).toMatchObject({ siteName: 'INSSTAT — Institut national de la statistique' });
    } finally {
      await database.db.update(siteIdentity).set({ translations: {} }).where(eq(siteIdentity.id, 1));
    }
  });

  it('announces the feeds and the calendar feed in the page language', async () => {
    const m = await pageMetadata({ ...page, locale: 'en', calendar: '/flux/calendrier.ics' });
    expect(m.alternates?.types?.['application/atom+xml']).toEqual(
      expect.arrayContaining([expect.objectContaining({ url: '/en/flux/actualites.atom' })]),
    );
    expect(m.alternates?.types?.['text/calendar']).toEqual([expect.objectContaining({ url: '/en/flux/calendrier.ics' })]);
    const fr = await pageMetadata({ ...page, locale: 'fr', calendar: '/flux/calendrier.ics' });
    expect(fr.alternates?.types?.['application/atom+xml']).toEqual(
      expect.arrayContaining([expect.objectContaining({ url: '/flux/actualites.atom' })]),
    );
    expect(fr.alternates?.types?.['text/calendar']).toEqual([expect.objectContaining({ url: '/flux/calendrier.ics' })]);
  });
});
