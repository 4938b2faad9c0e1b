import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publications } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { kinds } from '@/lib/content/kinds';
import { listItemsForAdmin, type AdminListParams } from './admin-items';

describe.each(testDatabaseKinds)('back-office publication list (%s)', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const day = (d: string) => new Date(`${d}T10:00:00Z`);
    await database.db.insert(publications).values([
      {
        area: 'lois',
        slug: 'loi-2024',
        title: 'Loi statistique 2024',
        status: 'published',
        publishedAt: day('2024-03-01'),
        updatedAt: day('2024-03-01'),
      },
      {
        area: 'decrets',
        slug: 'decret-2025',
        title: 'Décret d’application',
        status: 'published',
        publishedAt: day('2025-02-01'),
        updatedAt: day('2025-02-02'),
      },
      { area: 'lois', slug: 'projet', title: 'Projet de loi 100%_sûr', status: 'draft', updatedAt: day('2025-06-01') },
      {
        area: 'lois',
        slug: 'vieille',
        title: 'Ancienne loi',
        status: 'published',
        publishedAt: day('2020-01-01'),
        deletedAt: day('2025-01-01'),
      },
      { area: 'ipc', slug: 'ipc', title: 'IPC', status: 'published', publishedAt: day('2025-01-01') },
    ]);
  });
  afterAll(() => database.close());

  const listPublicationsForAdmin = (db: TestDatabase['db'], params: AdminListParams) => listItemsForAdmin(db, kinds.publications, params);
  const titles = async (params: AdminListParams) => (await listPublicationsForAdmin(database.db, params)).items.map((i) => i.title);

  it('lists the areas asked, trash apart, newest change first, with public links and years', async () => {
    const result = await listPublicationsForAdmin(database.db, { areas: ['lois', 'decrets'] });
    expect(result.items.map((i) => i.title)).toEqual(['Projet de loi 100%_sûr', 'Décret d’application', 'Loi statistique 2024']);
    expect(result.total).toBe(3);
    expect(result.items[1]).toMatchObject({
      areaLabel: 'Décrets',
      publicUrl: '/lois_decrets/decrets/decret-2025',
      status: 'published',
      trashed: false,
    });
    // A draft counts in the year it was created.
    expect(result.years).toEqual([new Date().getUTCFullYear(), 2025, 2024, 2020]);
  });

  it('filters by status, trash, text (wildcards literal) and year; sorts; pages', async () => {
    expect(await titles({ areas: ['lois'], status: 'draft' })).toEqual(['Projet de loi 100%_sûr']);
    expect(await titles({ areas: ['lois'], status: 'trash' })).toEqual(['Ancienne loi']);
    expect(await titles({ areas: ['lois', 'decrets'], q: '100%_' })).toEqual(['Projet de loi 100%_sûr']);
    expect(await titles({ areas: ['lois', 'decrets'], q: 'LOI' })).toHaveLength(2);
    expect(await titles({ areas: ['lois', 'decrets'], year: 2024 })).toEqual(['Loi statistique 2024']);
    expect(await titles({ areas: ['lois', 'decrets'], sort: 'title', dir: 'asc' })).toEqual([
      'Décret d’application',
      'Loi statistique 2024',
      'Projet de loi 100%_sûr',
    ]);
    const page2 = await listPublicationsForAdmin(database.db, { areas: ['lois', 'decrets'], perPage: 5, page: 1 });
    expect(page2.items).toHaveLength(3);
    expect(await titles({ areas: ['lois', 'decrets'], perPage: 5, page: 2 })).toEqual([]);
  });
});
