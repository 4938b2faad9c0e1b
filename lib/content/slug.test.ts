import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publications } from '@/lib/db/schema';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { parseAreaSegments } from './addresses';
import { reservedSlugs } from './areas';
import { allKinds, kinds } from './kinds';
import type { KindName } from './kinds';
import { slugify, uniqueSlug } from './slug';

describe('slugify', () => {
  it.each([
    ['Indice des prix à la consommation — Octobre 2026', 'indice-des-prix-a-la-consommation-octobre-2026'],
    ['Œuvres et cœur de l’économie', 'oeuvres-et-coeur-de-l-economie'],
    ['ÆSCHYLE, Ægée et cæcum', 'aeschyle-aegee-et-caecum'],
    ['Façade, garçon, Ça', 'facade-garcon-ca'],
    ["L'indice et l’indice", 'l-indice-et-l-indice'],
    ['Chiffre d’affaires du commerce', 'chiffre-d-affaires-du-commerce'],
    ['  « Bulletin » n° 3 : 1er trimestre… (révisé) !  ', 'bulletin-n-3-1er-trimestre-revise'],
    ['Évolution 2025/2026 – île-de-France', 'evolution-2025-2026-ile-de-france'],
    ['Tiret---multiple___et   espaces', 'tiret-multiple-et-espaces'],
    ['Superficie en km²', 'superficie-en-km2'],
  ])('slugifies « %s »', (title, expected) => {
    expect(slugify(title)).toBe(expected);
  });

  it('always produces a slug the public routes accept as a publication', () => {
    for (const title of ['Indice — 2026', '2026', 'Page', '', '!!!', 'Année', 'x'.repeat(300), 'Mot '.repeat(40)]) {
      expect(parseAreaSegments([slugify(title)])).toEqual({ kind: 'publication', slug: slugify(title) });
    }
  });

  it('falls back to sans-titre when nothing is left', () => {
    expect(slugify('')).toBe('sans-titre');
    expect(slugify(' — « ! » — ')).toBe('sans-titre');
    expect(slugify('中文标题')).toBe('sans-titre');
  });

  it('cuts on a hyphen boundary within maxLength', () => {
    const title = 'Note de conjoncture sur les prix à la consommation des ménages urbains et ruraux du pays';
    const full = slugify(title, 200);
    const slug = slugify(title, 40);
    expect(slug).toBe('note-de-conjoncture-sur-les-prix-a-la');
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(full.startsWith(`${slug}-`)).toBe(true);
    // A limit that falls right at a word end keeps that word.
    expect(slugify(title, 'note-de-conjoncture'.length)).toBe('note-de-conjoncture');
    expect(slugify('Anticonstitutionnellement', 10)).toBe('anticonsti');
    expect(slugify(title).length).toBeLessThanOrEqual(80);
  });

  it('never returns a reserved or purely numeric slug', () => {
    expect([...reservedSlugs].map((s) => slugify(s))).toEqual([...reservedSlugs].map((s) => `${s}-1`));
    expect(slugify('Année')).toBe('annee-1');
    expect(slugify('PAGE')).toBe('page-1');
    expect(slugify('2026')).toBe('2026-1');
    expect(slugify('« 2026 »')).toBe('2026-1');
    expect(slugify('9'.repeat(100))).toBe(`${'9'.repeat(78)}-1`);
    expect(slugify('Page 2')).toBe('page-2');
    expect(slugify('2026 en chiffres')).toBe('2026-en-chiffres');
  });
});

describe.each(testDatabaseKinds)('uniqueSlug on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const addPublication = async (area: string, slug: string, deletedAt: Date | null = null) => {
    const [row] = await database.db.insert(publications).values({ area, slug, title: slug, deletedAt }).returning({ id: publications.id });
    return row!.id;
  };

  it('returns the base when it is free', async () => {
    expect(await uniqueSlug(database.db, kinds.publications, 'libre', { scope: 'ipc' })).toBe('libre');
    expect(await uniqueSlug(database.db, kinds.news, 'libre')).toBe('libre');
  });

  it('numbers from -2 and fills the first gap', async () => {
    const { db } = database;
    await addPublication('ipc', 'ipc-octobre-2026');
    expect(await uniqueSlug(db, kinds.publications, 'ipc-octobre-2026', { scope: 'ipc' })).toBe('ipc-octobre-2026-2');
    await addPublication('ipc', 'ipc-octobre-2026-2');
    await addPublication('ipc', 'ipc-octobre-2026-4');
    expect(await uniqueSlug(db, kinds.publications, 'ipc-octobre-2026', { scope: 'ipc' })).toBe('ipc-octobre-2026-3');
  });

  it('is not misled by other slugs sharing the prefix', async () => {
    const { db } = database;
    await addPublication('ipi', 'rapport-annuel');
    await addPublication('ipi', 'rapport-2');
    await addPublication('ipi', 'rapport-x-3');
    expect(await uniqueSlug(db, kinds.publications, 'rapport', { scope: 'ipi' })).toBe('rapport');
    await addPublication('ipi', 'rapport');
    expect(await uniqueSlug(db, kinds.publications, 'rapport', { scope: 'ipi' })).toBe('rapport-3');
  });

  it('scopes publications to their area', async () => {
    const { db } = database;
    await addPublication('economie', 'comptes-nationaux');
    expect(await uniqueSlug(db, kinds.publications, 'comptes-nationaux', { scope: 'economie' })).toBe('comptes-nationaux-2');
    expect(await uniqueSlug(db, kinds.publications, 'comptes-nationaux', { scope: 'sociale' })).toBe('comptes-nationaux');
    await expect(uniqueSlug(db, kinds.publications, 'comptes-nationaux')).rejects.toThrow(/scope/);
  });

  it('lets the edited item keep its slug', async () => {
    const { db } = database;
    const id = await addPublication('methodes', 'nomenclature');
    expect(await uniqueSlug(db, kinds.publications, 'nomenclature', { scope: 'methodes', excludeId: id })).toBe('nomenclature');
    expect(await uniqueSlug(db, kinds.publications, 'nomenclature', { scope: 'methodes', excludeId: id + 1000 })).toBe('nomenclature-2');
    const other = await addPublication('methodes', 'nomenclature-2');
    // Another item holding `-2` still counts while editing the first one, and the reverse.
    expect(await uniqueSlug(db, kinds.publications, 'nomenclature', { scope: 'methodes', excludeId: other })).toBe('nomenclature-2');
    expect(await uniqueSlug(db, kinds.publications, 'nomenclature-2', { scope: 'methodes', excludeId: other })).toBe('nomenclature-2');
  });

  it('counts items in the trash', async () => {
    const { db } = database;
    await addPublication('lois', 'loi-statistique', new Date());
    expect(await uniqueSlug(db, kinds.publications, 'loi-statistique', { scope: 'lois' })).toBe('loi-statistique-2');
  });

  /** The columns besides the slug and title a kind's table requires (a new kind without any needs no line here). */
  const required: Partial<Record<KindName, (slug: string) => Record<string, unknown>>> = {
    events: () => ({ startsAt: new Date() }),
    tenders: (slug) => ({ reference: `AO-${slug}`, deadlineAt: new Date() }),
  };
  const single = allKinds.filter((k) => k.name !== 'publications');
  const insertInto = Object.fromEntries(
    single.map((kind) => [
      kind.name,
      async (slug: string) =>
        (
          await database.db
            .insert(kind.table)
            .values({ slug, title: slug, ...required[kind.name]?.(slug) })
            .returning({ id: kind.table.id })
        )[0]!.id as number,
    ]),
  ) as Record<Exclude<KindName, 'publications'>, (slug: string) => Promise<number>>;

  it.each(Object.keys(insertInto) as (keyof typeof insertInto)[])('makes slugs unique over the whole %s table', async (table) => {
    const { db } = database;
    const base = `atelier-${table}`;
    const id = await insertInto[table](base);
    // The area of a non-publication table plays no part (generic code may pass the registry's).
    expect(await uniqueSlug(db, kinds[table], base, { scope: 'autre' })).toBe(`${base}-2`);
    expect(await uniqueSlug(db, kinds[table], base, { excludeId: id })).toBe(base);
    // Each table is queried on its own.
    expect(await uniqueSlug(db, kinds[table === 'news' ? 'events' : 'news'], base)).toBe(base);
    await database.db.insert(publications).values({ area: 'autres', slug: `pub-${table}`, title: 'x' });
    expect(await uniqueSlug(db, kinds[table], `pub-${table}`)).toBe(`pub-${table}`);
  });
});
