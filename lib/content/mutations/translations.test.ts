/**
 * The English version of an item, written with the French one (issue 15): through the generic
 * item path (a publication), stored as `translations.en` with blank fields left out, refused with a
 * French message under the field when too long, its body sanitized like the French one, in the
 * same versioned write and audit entry (a stale save conflicts and writes nothing). The same for
 * the institutional pages and the areas' introductions (lib/content/mutations/institution.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { publicationTags } from '@/lib/cache/tags';
import { area } from '@/lib/content/areas';
import { toInput } from '@/lib/content/editing/values';
import { allKinds, formFields, formSchema, kinds } from '@/lib/content/kinds';
import type { Db } from '@/lib/db/open';
import { auditEntries, pages, publications, users } from '@/lib/db/schema';
import { ConflictError, ValidationError, type DomainError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { directorWordInputSchema, versionField } from '@/lib/content/schemas/institution';
import { fromFlatForm } from '@/lib/content/schemas/translations';
import { pageTags } from '@/lib/cache/tags';
import { getPageForEdit, updatePage } from './institution';
import { listItemsForAdmin } from '@/lib/content/queries/admin-items';
import { createItem, loadForEdit, updateItem } from './items';

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a failure');
}

describe('the English part of the edit forms', () => {
  it('gives every kind an optional English title, named en.title, in English', () => {
    for (const kind of allKinds) {
      const english = kind.form.fields.filter((f) => f.lang === 'en');
      expect(english.map((f) => f.name)).toContain('en.title');
      expect(english.every((f) => f.name.startsWith('en.') && !f.required && f.label.endsWith(' en anglais'))).toBe(true);
    }
  });

  it('nests the en.* values of the form under en, and checks them with the schema of every write', () => {
    const ipc = area('ipc');
    const fields = formFields(ipc);
    const input = toInput(fields, { title: 'Indice', 'en.title': '  Consumer prices  ', 'en.summary': '', 'en.body': '<p>Prices</p>' });
    expect(input.en).toEqual({ title: '  Consumer prices  ', summary: '', periodLabel: '', body: '<p>Prices</p>' });
    expect(formSchema(ipc).parse(input)).toMatchObject({ en: { title: 'Consumer prices', body: '<p>Prices</p>' } });
    const tooLong = formSchema(ipc).safeParse({ ...input, en: { title: 'x'.repeat(301) } });
    expect(tooLong.success ? null : tooLong.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['en.title', 'Le titre en anglais ne doit pas dépasser 300 caractères.'],
    ]);
  });
});

describe('the English part of the pages’ forms', () => {
  it('reads the flat en.* fields a FormData sends, with French messages under them', () => {
    const schema = fromFlatForm(directorWordInputSchema.extend({ version: versionField }));
    const ok = schema.parse({
      version: '3',
      title: 'Mot du DG',
      body: '<p>Bonjour</p>',
      'en.title': ' Word from the DG ',
      'en.body': '<p>Hello</p>',
    });
    expect(ok).toMatchObject({ version: 3, en: { title: 'Word from the DG', body: '<p>Hello</p>' } });
    const bad = schema.safeParse({ version: '3', title: 'Mot du DG', body: '<p>Bonjour</p>', 'en.title': 'W'.repeat(201) });
    expect(bad.success ? null : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['en.title', 'Le titre en anglais ne doit pas dépasser 200 caractères.'],
    ]);
  });
});

describe.each(testDatabaseKinds)('English text of a publication on %s', (dbKind) => {
  let database: TestDatabase;
  let db: Db;
  let helene: SessionUser;
  let marc: SessionUser;

  const addUser = async (name: string, email: string): Promise<SessionUser> =>
    (await db.insert(users).values({ name, email }).returning({ id: users.id, name: users.name, email: users.email }))[0]!;
  const row = async (id: number) => (await db.select().from(publications).where(eq(publications.id, id)))[0]!;
  const audits = (id: number) =>
    db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'publication'), eq(auditEntries.entityId, String(id))))
      .orderBy(asc(auditEntries.id));

  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    db = database.db;
    helene = await addUser('Hélène Diallo', 'helene@example.org');
    marc = await addUser('Marc Ouédraogo', 'marc@example.org');
  });
  afterAll(async () => {
    await database?.close();
  });

  const french = {
    area: 'ipc',
    title: 'Indice des prix — Mars 2026',
    summary: 'Les prix augmentent.',
    body: '<p>Les prix augmentent.</p>',
  };

  it('stores the English fields typed, leaves the blank ones out, and shows them back in the form', async () => {
    const { item } = await createItem(db, {
      kind: kinds.publications,
      input: { ...french, en: { title: '  Consumer prices — March 2026 ', summary: '', body: '<p>Prices <strong>rise</strong>.</p>' } },
      user: helene,
    });
    expect(item.translations).toEqual({ en: { title: 'Consumer prices — March 2026', body: '<p>Prices <strong>rise</strong>.</p>' } });
    expect(item.slug).toBe('indice-des-prix-mars-2026');
    const [created] = await audits(item.id);
    expect(created!.after).toMatchObject({ 'en.title': 'Consumer prices — March 2026' });
    expect(created!.after).not.toHaveProperty('translations');

    const { values } = await loadForEdit(db, kinds.publications, item.id);
    expect(values).toMatchObject({
      title: french.title,
      'en.title': 'Consumer prices — March 2026',
      'en.body': '<p>Prices <strong>rise</strong>.</p>',
    });

    // The back-office list marks it « EN »; an item without English title is not.
    await createItem(db, {
      kind: kinds.publications,
      input: { ...french, title: 'Sans traduction', en: { summary: 'Only a summary' } },
      user: helene,
    });
    const listed = await listItemsForAdmin(db, kinds.publications, { areas: ['ipc'], sort: 'title', dir: 'asc' });
    expect(listed.items.map((i) => [i.title, i.translated])).toEqual([
      [french.title, true],
      ['Sans traduction', false],
    ]);
  });

  it('saves English with French in one versioned write, audits the changed en.* fields, and clears them when emptied', async () => {
    const { item } = await createItem(db, {
      kind: kinds.publications,
      input: { ...french, title: 'Comptes nationaux 2025' },
      user: helene,
    });
    expect(item.translations).toEqual({});

    const saved = await updateItem(db, {
      kind: kinds.publications,
      id: item.id,
      expectedVersion: 1,
      input: { ...french, title: 'Comptes nationaux 2025', en: { title: 'National accounts 2025', periodLabel: 'Year 2025' } },
      user: helene,
    });
    expect(saved.item).toMatchObject({ version: 2, translations: { en: { title: 'National accounts 2025', periodLabel: 'Year 2025' } } });
    // English pages use the item's own tags: the same ones are invalidated.
    expect(saved.tags).toEqual(publicationTags(saved.item));
    const update = (await audits(item.id)).at(-1)!;
    expect(update).toMatchObject({ action: 'publication.update', summary: 'Publication modifiée : « Comptes nationaux 2025 »' });
    expect(update.before).toEqual({ 'en.title': null, 'en.periodLabel': null });
    expect(update.after).toEqual({ 'en.title': 'National accounts 2025', 'en.periodLabel': 'Year 2025' });

    const cleared = await updateItem(db, {
      kind: kinds.publications,
      id: item.id,
      expectedVersion: 2,
      input: { ...french, title: 'Comptes nationaux 2025', en: { title: '', periodLabel: '   ', body: '<p></p>' } },
      user: helene,
    });
    expect(cleared.item).toMatchObject({ version: 3, translations: {} });
    expect((await audits(item.id)).at(-1)!.after).toEqual({ 'en.title': null, 'en.periodLabel': null });

    // Nothing English nor French changed: nothing written.
    const same = await updateItem(db, {
      kind: kinds.publications,
      id: item.id,
      expectedVersion: 3,
      input: { ...french, title: 'Comptes nationaux 2025' },
      user: helene,
    });
    expect(same).toMatchObject({ item: { version: 3 }, tags: [] });
  });

  it('refuses a too-long English title with a French message under en.title, and changes nothing', async () => {
    const { item } = await createItem(db, {
      kind: kinds.publications,
      input: { ...french, title: 'Emploi 2025', en: { title: 'Employment 2025' } },
      user: helene,
    });
    const error = await failure(
      updateItem(db, {
        kind: kinds.publications,
        id: item.id,
        expectedVersion: 1,
        input: { ...french, title: 'Emploi 2025 révisé', en: { title: 'E'.repeat(301) } },
        user: helene,
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.fieldErrors).toEqual({ 'en.title': ['Le titre en anglais ne doit pas dépasser 300 caractères.'] });
    expect(await row(item.id)).toMatchObject({ title: 'Emploi 2025', version: 1, translations: { en: { title: 'Employment 2025' } } });
    expect(await audits(item.id)).toHaveLength(1);
  });

  it('sanitizes the English body like the French one', async () => {
    const { item } = await createItem(db, {
      kind: kinds.publications,
      input: {
        ...french,
        title: 'Commerce extérieur',
        en: { body: '<p onclick="steal()">Trade</p><script>alert(document.cookie)</script><a href="javascript:alert(1)">link</a>' },
      },
      user: helene,
    });
    const body = item.translations.en?.body ?? '';
    expect(body).toContain('Trade');
    expect(body).not.toMatch(/script|onclick|javascript:/i);
    // Only markup with nothing to read is no translation.
    const empty = await updateItem(db, {
      kind: kinds.publications,
      id: item.id,
      expectedVersion: 1,
      input: { ...french, title: 'Commerce extérieur', en: { body: '<script>x</script>' } },
      user: helene,
    });
    expect(empty.item.translations).toEqual({});
  });

  it('refuses the second of two saves of the same version, naming who saved, and keeps the first one’s English', async () => {
    const { item } = await createItem(db, { kind: kinds.publications, input: { ...french, title: 'Tourisme 2025' }, user: helene });
    await updateItem(db, {
      kind: kinds.publications,
      id: item.id,
      expectedVersion: 1,
      input: { ...french, title: 'Tourisme 2025', en: { title: 'Tourism 2025' } },
      user: helene,
    });
    const error = await failure(
      updateItem(db, {
        kind: kinds.publications,
        id: item.id,
        expectedVersion: 1,
        input: { ...french, title: 'Tourisme 2025', en: { title: 'Tourism in 2025' } },
        user: marc,
      }),
    );
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.message).toContain('Hélène Diallo');
    expect(await row(item.id)).toMatchObject({ version: 2, translations: { en: { title: 'Tourism 2025' } } });
  });
});

describe.each(testDatabaseKinds)('English text of the institutional pages and introductions on %s', (dbKind) => {
  let database: TestDatabase;
  let db: Db;
  let helene: SessionUser;
  let marc: SessionUser;

  const addUser = async (name: string, email: string): Promise<SessionUser> =>
    (await db.insert(users).values({ name, email }).returning({ id: users.id, name: users.name, email: users.email }))[0]!;
  const page = async (key: string) => (await db.select().from(pages).where(eq(pages.key, key)))[0];
  const audits = (key: string) =>
    db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'page'), eq(auditEntries.entityId, key)))
      .orderBy(asc(auditEntries.id));

  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    db = database.db;
    helene = await addUser('Hélène Diallo', 'helene@example.org');
    marc = await addUser('Marc Ouédraogo', 'marc@example.org');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('saves the mission’s English title and text with the French, sanitized, audited as en.*, and clears them', async () => {
    const first = await updatePage(db, {
      key: 'mission',
      expectedVersion: 0,
      input: {
        title: 'Nos missions',
        body: '<p>Produire les statistiques.</p>',
        en: { title: 'Our mission', body: '<p>To produce statistics.</p><script>alert(1)</script>' },
      },
      user: helene,
    });
    expect(first.page.translations).toEqual({ en: { title: 'Our mission', body: '<p>To produce statistics.</p>' } });
    expect(first.tags).toEqual(pageTags('mission'));
    expect((await audits('mission')).at(-1)!.after).toMatchObject({
      title: 'Nos missions',
      'en.title': 'Our mission',
      'en.body': '<p>To produce statistics.</p>',
    });
    expect((await getPageForEdit(db, 'mission')).en).toEqual({ title: 'Our mission', body: '<p>To produce statistics.</p>' });

    const englishOnly = await updatePage(db, {
      key: 'mission',
      expectedVersion: 1,
      input: {
        title: 'Nos missions',
        body: '<p>Produire les statistiques.</p>',
        en: { title: 'Our missions', body: '<p>To produce statistics.</p>' },
      },
      user: helene,
    });
    expect(englishOnly.page.version).toBe(2);
    const entry = (await audits('mission')).at(-1)!;
    expect(entry.before).toEqual({ 'en.title': 'Our mission' });
    expect(entry.after).toEqual({ 'en.title': 'Our missions' });

    // A caller that sends no English (or not this field) leaves it as it was (issue 30).
    const frenchOnly = await updatePage(db, {
      key: 'mission',
      expectedVersion: 2,
      input: { title: 'Nos missions', body: '<p>Produire la statistique.</p>' },
      user: helene,
    });
    expect(frenchOnly.page).toMatchObject({
      version: 3,
      body: '<p>Produire la statistique.</p>',
      translations: { en: { title: 'Our missions', body: '<p>To produce statistics.</p>' } },
    });
    expect((await audits('mission')).at(-1)!.after).toEqual({ body: '<p>Produire la statistique.</p>' });
    const titleOnly = await updatePage(db, {
      key: 'mission',
      expectedVersion: 3,
      input: { title: 'Nos missions', body: '<p>Produire la statistique.</p>', en: { title: 'Our tasks' } },
      user: helene,
    });
    expect(titleOnly.page).toMatchObject({
      version: 4,
      translations: { en: { title: 'Our tasks', body: '<p>To produce statistics.</p>' } },
    });
    const untouched = await updatePage(db, {
      key: 'mission',
      expectedVersion: 4,
      input: { title: 'Nos missions', body: '<p>Produire la statistique.</p>', en: {} },
      user: helene,
    });
    expect(untouched).toMatchObject({ page: { version: 4 }, tags: [] });

    // Explicit empty values clear it.
    const cleared = await updatePage(db, {
      key: 'mission',
      expectedVersion: 4,
      input: { title: 'Nos missions', body: '<p>Produire la statistique.</p>', en: { title: '', body: '<p></p>' } },
      user: helene,
    });
    expect(cleared.page).toMatchObject({ version: 5, translations: {} });
    expect((await getPageForEdit(db, 'mission')).en).toEqual({ title: '', body: '' });
  });

  it('refuses a too-long English title under en.title and a stale save, writing nothing', async () => {
    await updatePage(db, {
      key: 'mot_du_dg',
      expectedVersion: 0,
      input: { title: 'Mot du DG', body: '<p>Bienvenue.</p>', en: { title: 'Word from the DG' } },
      user: helene,
    });
    const tooLong = await failure(
      updatePage(db, {
        key: 'mot_du_dg',
        expectedVersion: 1,
        input: { title: 'Mot du DG', body: '<p>Bienvenue.</p>', en: { title: 'W'.repeat(201) } },
        user: helene,
      }),
    );
    expect(tooLong).toBeInstanceOf(ValidationError);
    expect(tooLong.fieldErrors).toEqual({ 'en.title': ['Le titre en anglais ne doit pas dépasser 200 caractères.'] });

    await updatePage(db, {
      key: 'mot_du_dg',
      expectedVersion: 1,
      input: { title: 'Mot du DG', body: '<p>Bienvenue.</p>', en: { title: 'A word from the DG' } },
      user: helene,
    });
    const stale = await failure(
      updatePage(db, {
        key: 'mot_du_dg',
        expectedVersion: 1,
        input: { title: 'Mot du DG', body: '<p>Bienvenue.</p>', en: { title: 'Director’s word' } },
        user: marc,
      }),
    );
    expect(stale).toBeInstanceOf(ConflictError);
    expect(stale.message).toContain('Hélène Diallo');
    expect(await page('mot_du_dg')).toMatchObject({ version: 2, translations: { en: { title: 'A word from the DG' } } });
  });

  it('creates an area’s introduction from its English text alone, and ignores an English title there', async () => {
    const saved = await updatePage(db, {
      key: 'intro:ipc',
      expectedVersion: 0,
      input: { body: '', en: { body: '<p>Consumer prices, every month.</p>' } },
      user: helene,
    });
    expect(saved.page).toMatchObject({ version: 1, body: '', translations: { en: { body: '<p>Consumer prices, every month.</p>' } } });
    expect(saved.tags).toEqual(pageTags('intro:ipc'));
    const untouched = await updatePage(db, {
      key: 'intro:news',
      expectedVersion: 0,
      input: { body: '', en: { body: '<p></p>' } },
      user: helene,
    });
    expect(untouched).toMatchObject({ page: { version: 0 }, tags: [] });
    expect(await page('intro:news')).toBeUndefined();
  });
});
