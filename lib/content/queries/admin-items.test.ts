/** The back-office lists of news, events, galleries and tenders: the publication lists' filters, on every kind. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, galleries, news, tenders, users } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { kinds } from '@/lib/content/kinds';
import type { KindName } from '@/lib/content/kinds';
import { listItemsForAdmin as listOfKind, type AdminListParams } from './admin-items';

describe.each(testDatabaseKinds)('back-office lists of the other kinds (%s)', (kind) => {
  let database: TestDatabase;
  const day = (d: string) => new Date(`${d}T10:00:00Z`);
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    const [awa] = await db.insert(users).values({ name: 'Awa Koné', email: 'awa@example.org' }).returning({ id: users.id });
    await db.insert(news).values([
      {
        slug: 'atelier',
        title: 'Atelier régional',
        status: 'published',
        publishedAt: day('2025-03-01'),
        updatedAt: day('2025-03-01'),
        updatedBy: awa!.id,
      },
      { slug: 'brouillon', title: 'Brouillon 100%_sûr', status: 'draft', updatedAt: day('2025-06-01') },
      {
        slug: 'ancienne',
        title: 'Ancienne actualité',
        status: 'published',
        publishedAt: day('2020-01-01'),
        updatedAt: day('2020-01-01'),
        deletedAt: day('2025-01-01'),
      },
    ]);
    await db.insert(events).values([
      // Created and released in 2025, held in 2026: listed under 2026.
      {
        slug: 'seminaire',
        title: 'Séminaire SNDS',
        place: 'Bobo-Dioulasso',
        startsAt: day('2026-02-10'),
        status: 'published',
        publishedAt: day('2025-11-01'),
        updatedAt: day('2025-11-01'),
      },
      {
        slug: 'journee',
        title: 'Journée de la statistique',
        place: 'Ouagadougou',
        startsAt: day('2025-10-20'),
        status: 'scheduled',
        publishedAt: day('2025-10-01'),
        updatedAt: day('2025-09-01'),
      },
    ]);
    await db.insert(galleries).values([{ slug: 'rgph', title: 'Photos du RGPH', status: 'draft', updatedAt: day('2025-05-05') }]);
    await db.insert(tenders).values([
      {
        slug: 'vehicules',
        reference: 'AO-2025-014',
        title: 'Fourniture de véhicules',
        deadlineAt: day('2025-09-01'),
        status: 'published',
        publishedAt: day('2025-07-01'),
        updatedAt: day('2025-07-01'),
      },
      { slug: 'audit', reference: 'AO-2025-020', title: 'Audit des comptes', deadlineAt: day('2025-12-01'), updatedAt: day('2025-08-01') },
    ]);
  });
  afterAll(() => database.close());

  const listItemsForAdmin = (db: TestDatabase['db'], k: KindName, params: AdminListParams) => listOfKind(db, kinds[k], params);
  const titles = async (k: KindName, params: AdminListParams = {}) =>
    (await listItemsForAdmin(database.db, k, params)).items.map((i) => i.title);

  it('lists news like a publication area: trash apart, newest change first, registry label, public page, years', async () => {
    const result = await listItemsForAdmin(database.db, 'news', {});
    expect(result.items.map((i) => i.title)).toEqual(['Brouillon 100%_sûr', 'Atelier régional']);
    expect(result.total).toBe(2);
    expect(result.items[1]).toMatchObject({
      area: 'news',
      areaLabel: 'Actualités',
      publicUrl: `/actualites/${result.items[1]!.id}`,
      status: 'published',
      trashed: false,
      updatedBy: 'Awa Koné',
    });
    expect(result.years).toEqual([new Date().getUTCFullYear(), 2025, 2020]);
    expect(await titles('news', { status: 'trash' })).toEqual(['Ancienne actualité']);
    expect(await titles('news', { q: '100%_' })).toEqual(['Brouillon 100%_sûr']);
    expect(await titles('news', { year: 2025 })).toEqual(['Atelier régional']);
    expect(await titles('news', { sort: 'title', dir: 'asc' })).toEqual(['Atelier régional', 'Brouillon 100%_sûr']);
    expect(await titles('news', { perPage: 5, page: 2 })).toEqual([]);
  });

  it('files events under the year they take place, and finds them by place', async () => {
    const result = await listItemsForAdmin(database.db, 'events', {});
    expect(result.years).toEqual([2026, 2025]);
    expect(result.items[0]).toMatchObject({ title: 'Séminaire SNDS', area: 'events', areaLabel: 'Événements', publicUrl: '/events' });
    expect(await titles('events', { year: 2026 })).toEqual(['Séminaire SNDS']);
    expect(await titles('events', { status: 'scheduled' })).toEqual(['Journée de la statistique']);
    expect(await titles('events', { q: 'bobo' })).toEqual(['Séminaire SNDS']);
  });

  it('lists galleries and tenders with their public pages; tenders are found by reference', async () => {
    expect((await listItemsForAdmin(database.db, 'galleries', {})).items).toEqual([
      expect.objectContaining({
        title: 'Photos du RGPH',
        area: 'galleries',
        areaLabel: 'Galeries photos',
        publicUrl: '/gallery',
        status: 'draft',
      }),
    ]);
    const list = await listItemsForAdmin(database.db, 'tenders', { sort: 'published', dir: 'desc' });
    expect(list.items.map((i) => [i.title, i.area, i.areaLabel, i.publicUrl])).toEqual([
      ['Fourniture de véhicules', 'offres', "Appels d'offres", '/offres'],
      ['Audit des comptes', 'offres', "Appels d'offres", '/offres'],
    ]);
    expect(await titles('tenders', { q: 'ao-2025-020' })).toEqual(['Audit des comptes']);
  });
});
