/**
 * The sitemap as search engines read it (app/sitemap.ts on a real database): French pages always,
 * their /en address only where the content exists in English, hreflang alternates on every entry.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sitemap from '@/app/sitemap';
import { news, pages, publications, releases, series, seriesVersions } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';

// The sitemap's read is cached: outside Next, its cache calls have nothing to do.
vi.mock('next/cache', () => ({ cacheLife: () => {}, cacheTag: () => {} }));

const g = globalThis as { __insstatDb?: unknown };
const abs = (path: string) => new URL(path, env.SITE_URL).toString();

describe.each(testDatabaseKinds)('sitemap (%s)', (kind) => {
  let database: TestDatabase;
  let entries: Awaited<ReturnType<typeof sitemap>>;
  const byUrl = (path: string) => entries.find((e) => e.url === abs(path));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const published = { status: 'published' as const, publishedAt: new Date('2026-01-10T08:00:00Z') };
    await db.insert(publications).values([
      { area: 'ipc', slug: 'ipc-janvier', title: 'IPC de janvier', translations: { en: { title: 'CPI for January' } }, ...published },
      { area: 'ipc', slug: 'ipc-fevrier', title: 'IPC de février', ...published },
      // A blank translation is no translation.
      { area: 'ipc', slug: 'ipc-mars', title: 'IPC de mars', translations: { en: { title: '  ', summary: 'March' } }, ...published },
      // Not yet out: in no language.
      {
        area: 'ipc',
        slug: 'ipc-avril',
        title: 'IPC d’avril',
        translations: { en: { title: 'CPI for April' } },
        status: 'published',
        publishedAt: new Date('2999-01-01T00:00:00Z'),
      },
    ]);
    await db.insert(news).values({ slug: 'atelier', title: 'Atelier', translations: { en: { title: 'Workshop' } }, ...published });
    const [ipc, ica] = await db
      .insert(series)
      .values([
        {
          code: 'IPC',
          area: 'ipc',
          label: 'Indice des prix',
          unit: 'indice',
          basePeriod: '2008',
          frequency: 'monthly',
          translations: { en: { label: 'Consumer price index' } },
        },
        { code: 'ICA', area: 'ipi', label: 'Indice de la production', unit: 'indice', basePeriod: '2015', frequency: 'quarterly' },
      ])
      .returning();
    await db.insert(seriesVersions).values([
      { seriesId: ipc!.id, number: 1, publishedAt: new Date('2026-01-01T00:00:00Z'), review: 'approved' },
      { seriesId: ipc!.id, number: 2, publishedAt: new Date('2026-02-01T00:00:00Z'), review: 'approved' },
      { seriesId: ica!.id, number: 1, publishedAt: new Date('2026-01-01T00:00:00Z'), review: 'approved' },
    ]);
    await db
      .insert(releases)
      .values({ slug: 'ipc-2026-03', area: 'ipc', title: 'IPC de mars 2026', scheduledAt: new Date('2026-04-10T08:00:00Z') });
    await db.insert(pages).values([
      { key: 'mission', title: 'Présentation', body: '<p>L’institut</p>', translations: { en: { title: 'About us' } } },
      { key: 'mot_du_dg', title: 'Le mot du DG', body: '<p>Bienvenue</p>' },
    ]);
    g.__insstatDb = Promise.resolve(database);
    entries = await sitemap();
  });
  afterAll(async () => {
    delete g.__insstatDb;
    await database.close();
  });

  it('lists a publication with an English title in both languages, each naming the other', () => {
    const languages = {
      fr: abs('/indice/ipc/ipc-janvier'),
      en: abs('/en/indice/ipc/ipc-janvier'),
      'x-default': abs('/indice/ipc/ipc-janvier'),
    };
    expect(byUrl('/indice/ipc/ipc-janvier')).toMatchObject({ alternates: { languages } });
    expect(byUrl('/en/indice/ipc/ipc-janvier')).toMatchObject({ alternates: { languages }, priority: 0.6 });
  });

  it('lists a publication without an English title in French only, with no English alternate', () => {
    for (const slug of ['ipc-fevrier', 'ipc-mars']) {
      expect(byUrl(`/indice/ipc/${slug}`)?.alternates?.languages).toEqual({
        fr: abs(`/indice/ipc/${slug}`),
        'x-default': abs(`/indice/ipc/${slug}`),
      });
      expect(byUrl(`/en/indice/ipc/${slug}`)).toBeUndefined();
    }
    expect(entries.some((e) => e.url.includes('ipc-avril'))).toBe(false);
  });

  it('lists the interface pages in both languages, the English home at /en', () => {
    for (const path of ['/', '/calendrier', '/donnees', '/nsdp', '/indice/ipc', '/actualites']) {
      expect(byUrl(path), path).toBeDefined();
      expect(byUrl(localeOf(path)), localeOf(path)).toBeDefined();
    }
    expect(byUrl('/')?.alternates?.languages).toEqual({ fr: abs('/'), en: abs('/en'), 'x-default': abs('/') });
  });

  it('lists an institutional text in English only once translated', () => {
    expect(byUrl('/en/presentation/mission')).toBeDefined();
    expect(byUrl('/presentation/mot_du_dg')).toBeDefined();
    expect(byUrl('/en/presentation/mot_du_dg')).toBeUndefined();
    // No text at all yet: the French page (the statement's default text) only.
    expect(byUrl('/accessibilite')).toBeDefined();
    expect(byUrl('/en/accessibilite')).toBeUndefined();
  });

  it('lists news, series and releases in English only where their title or label is translated', () => {
    expect(entries.filter((e) => /\/actualites\/\d+$/.test(e.url)).map((e) => new URL(e.url).pathname.replace(/\d+$/, 'N'))).toEqual([
      '/actualites/N',
      '/en/actualites/N',
    ]);
    expect(byUrl('/en/indice/ipc/series/IPC')).toMatchObject({
      lastModified: new Date('2026-02-01T00:00:00Z'),
      changeFrequency: 'monthly',
    });
    expect(byUrl('/ica/ipi/series/ICA')).toBeDefined();
    expect(byUrl('/en/ica/ipi/series/ICA')).toBeUndefined();
    expect(byUrl('/calendrier/ipc-2026-03')).toBeDefined();
    expect(byUrl('/en/calendrier/ipc-2026-03')).toBeUndefined();
  });
});

const localeOf = (path: string) => (path === '/' ? '/en' : `/en${path}`);
