/**
 * Writing news, events, galleries and tenders on real databases, through the one generic module:
 * slugs, the form's French field errors, files of the library, sanitized rich text, optimistic
 * versions (a stale save names who saved meanwhile and writes nothing), unique references, the
 * order of gallery photos, audit entries, cache tags, and what the public then sees across the
 * life cycle and the scheduler.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { kindTags, tags } from '@/lib/cache/tags';
import { listEvents } from '@/lib/content/queries/events';
import { listGalleries } from '@/lib/content/queries/galleries';
import { getNews } from '@/lib/content/queries/news';
import { listTenders } from '@/lib/content/queries/tenders';
import { publishDueItems } from '@/lib/ops/scheduler';
import type { Db } from '@/lib/db/open';
import { auditEntries, events, files, galleries, galleryImages, news, tenderFiles, tenders, users } from '@/lib/db/schema';
import { ConflictError, NotFoundError, ValidationError, type DomainError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { kinds } from '@/lib/content/kinds';
import { eventInputSchema } from '@/lib/content/kinds/events';
import type { AnyKind, ItemRow } from '@/lib/content/kinds/kind';
import { createItem, deleteItemForever, loadForEdit, updateItem } from './items';
import { changeLifecycle, type WriteOptions } from './lifecycle';
import { setSelfApproval } from '@/lib/review/settings';

const HOUR = 3_600_000;

/** The rejection of `promise`, which must fail. */
async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a failure');
}

/** The value of a preview, which must exist. */
async function present<T>(promise: Promise<T | null>): Promise<T> {
  const value = await promise;
  if (value === null) throw new Error('expected a preview');
  return value;
}

/** A sample of hostile markup: every one of these must be gone from what is stored. */
const hostile =
  '<p onclick="steal()">Texte</p><script>alert(document.cookie)</script><img src="/fichiers/1/a.png" onerror="alert(1)">' +
  '<a href="javascript:alert(1)">lien</a><svg onload="alert(1)"><circle r="1"/></svg>';

/** A tender's reference, to keep it when its title changes (the other kinds have none: their schemas drop it). */
const keep = (row: object) => ({ reference: (row as { reference?: string }).reference });

describe.each(testDatabaseKinds)('news, events, galleries and tenders on %s', (dbKind) => {
  let database: TestDatabase;
  let db: Db;
  let helene: SessionUser;
  let marc: SessionUser;
  let pdf: string;
  let photo: string;
  let photo2: string;
  let photo3: string;

  async function addFile(
    name: string,
    mime: string,
    ext: string,
    size = { width: null as number | null, height: null as number | null },
  ): Promise<string> {
    const [row] = await db
      .insert(files)
      .values({ storageKey: randomUUID(), name, originalName: name, mime, ext, size: 1234, sha256: '0'.repeat(64), ...size })
      .returning({ id: files.id });
    return row!.id;
  }

  const audits = (entity: string, id: number) =>
    db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, entity), eq(auditEntries.entityId, String(id))))
      .orderBy(asc(auditEntries.id));

  /** Each kind once, as the table-driven tests below use it. */
  const cases = [
    {
      label: 'news',
      kind: kinds.news as AnyKind,
      table: news,
      this: 'cette actualité',
      pronoun: 'la',
      noun: 'Actualité',
      created: 'créée',
      saved: 'modifiée',
      title: 'Atelier régional sur l’économie informelle à Bobo',
      slug: 'atelier-regional-sur-l-economie-informelle-a-bobo',
      input: (title: string, extra: Record<string, unknown> = {}) => ({ title, excerpt: 'Un atelier.', ...extra }),
      tagsOf: (row: ItemRow) => kindTags('news', row, { itemPages: true }),
      isPublic: async (id: number, now: Date) => (await getNews(db, { id, now })) !== null,
    },
    {
      label: 'events',
      kind: kinds.events as AnyKind,
      table: events,
      this: 'cet événement',
      pronoun: 'le',
      noun: 'Événement',
      created: 'créé',
      saved: 'modifié',
      title: 'Journée mondiale de la statistique — Édition 2026',
      slug: 'journee-mondiale-de-la-statistique-edition-2026',
      input: (title: string, extra: Record<string, unknown> = {}) => ({
        title,
        place: 'Salle de conférence',
        startsAt: '2026-10-20T09:00',
        ...extra,
      }),
      tagsOf: () => [tags.kindList('events')],
      isPublic: async (id: number, now: Date) => {
        const { upcoming, past } = await listEvents(db, { now, pastLimit: 1000 });
        return [...upcoming, ...past].some((e) => e.id === id);
      },
    },
    {
      label: 'galleries',
      kind: kinds.galleries as AnyKind,
      table: galleries,
      this: 'cette galerie',
      pronoun: 'la',
      noun: 'Galerie',
      created: 'créée',
      saved: 'modifiée',
      title: 'Lancement du RGPH : premières images',
      slug: 'lancement-du-rgph-premieres-images',
      input: (title: string, extra: Record<string, unknown> = {}) => ({
        title,
        takenOn: '2026-02-14',
        images: [{ fileId: photo, caption: 'Ouverture' }],
        ...extra,
      }),
      tagsOf: () => [tags.kindList('galleries')],
      isPublic: async (id: number, now: Date) => (await listGalleries(db, { now })).some((g) => g.id === id),
    },
    {
      label: 'tenders',
      kind: kinds.tenders as AnyKind,
      table: tenders,
      this: 'cet appel d’offres',
      pronoun: 'le',
      noun: 'Appel d’offres',
      created: 'créé',
      saved: 'modifié',
      title: 'Acquisition de tablettes pour l’enquête ménages',
      slug: 'acquisition-de-tablettes-pour-l-enquete-menages',
      // One reference per title, so that saving a form again keeps it.
      input: (title: string, extra: Record<string, unknown> = {}) => ({
        reference: `AO-${title.trim()}`,
        title,
        deadlineAt: '2026-12-31T17:00',
        files: [{ fileId: pdf, label: 'Dossier' }],
        ...extra,
      }),
      tagsOf: () => [tags.kindList('tenders')],
      isPublic: async (id: number, now: Date) => (await listTenders(db, { now })).some((t) => t.id === id),
    },
  ];

  beforeAll(async () => {
    database = await createTestDatabase(dbKind);
    // One person writes and publishes here: the life cycle is under test, the second pair of eyes in lib/review/review.test.ts.
    await setSelfApproval(database.db, { allowed: true, user: null, actor: 'tests' });
    db = database.db;
    const people = await db
      .insert(users)
      .values([
        { name: 'Hélène Diallo', email: 'helene@example.org' },
        { name: 'Marc Ouédraogo', email: 'marc@example.org' },
      ])
      .returning({ id: users.id, name: users.name, email: users.email });
    [helene, marc] = people as [SessionUser, SessionUser];
    pdf = await addFile('Dossier de consultation.pdf', 'application/pdf', 'pdf');
    photo = await addFile('Ouverture.jpg', 'image/jpeg', 'jpg', { width: 1600, height: 1067 });
    photo2 = await addFile('Agents recenseurs.jpg', 'image/jpeg', 'jpg', { width: 1200, height: 800 });
    photo3 = await addFile('Conférence de presse.png', 'image/png', 'png', { width: 800, height: 600 });
  });
  afterAll(async () => {
    await database?.close();
  });

  describe.each(cases.map((k) => [k.label, k] as const))('%s', (_label, k) => {
    const rowOf = async (id: number) =>
      (await db.select().from(k.table).where(eq(k.table.id, id)))[0] as (ItemRow & Record<string, unknown>) | undefined;
    const kind = () => k.kind;
    const create = async (input: unknown, user: SessionUser, options: WriteOptions = {}) =>
      (await createItem(db, { kind: k.kind, input, user, ...options })).item;
    const update = (id: number, version: number, input: unknown, user: SessionUser, options: WriteOptions = {}) =>
      updateItem(db, { kind: k.kind, id, expectedVersion: version, input, user, ...options });

    it('creates a draft by its author with a slug from the French title, numbered when taken, and an audit entry', async () => {
      const first = await create(k.input(k.title, { reference: 'AO-NUM-1' }), helene);
      const second = await create(k.input(k.title, { reference: 'AO-NUM-2' }), helene);
      expect(first).toMatchObject({
        slug: k.slug,
        status: 'draft',
        version: 1,
        createdBy: helene.id,
        updatedBy: helene.id,
        publishedAt: null,
      });
      expect(second.slug).toBe(`${k.slug}-2`);
      const [entry] = await audits(k.kind.entity, first.id);
      expect(entry).toMatchObject({
        action: `${k.kind.entity}.create`,
        userId: helene.id,
        summary: `${k.noun} ${k.created} : « ${k.title} »`,
      });
      expect(entry!.after).toMatchObject({ title: k.title, slug: k.slug, status: 'draft' });
      expect(await k.isPublic(first.id, new Date(Date.now() + HOUR))).toBe(false);
    });

    it('keeps a chosen slug when free and refuses a taken one on the slug field, naming the other item (trash included)', async () => {
      const chosen = await create(k.input('Premier titre', { slug: `choisie-${k.label}` }), helene);
      expect(chosen.slug).toBe(`choisie-${k.label}`);
      const taken = await failure(create(k.input('Autre titre', { slug: `choisie-${k.label}` }), helene));
      expect(taken).toBeInstanceOf(ConflictError);
      expect(taken.fieldErrors?.slug?.[0]).toBe(
        `L’adresse « choisie-${k.label} » est déjà celle de « Premier titre » : choisissez-en une autre.`,
      );

      await changeLifecycle(db, { kind: kind(), action: 'trash', id: chosen.id, expectedVersion: 1, user: helene });
      const trashed = await failure(create(k.input('Troisième titre', { slug: `choisie-${k.label}` }), helene));
      expect(trashed.fieldErrors?.slug?.[0]).toBe(
        `L’adresse « choisie-${k.label} » est celle de « Premier titre », dans la corbeille : ` +
          `supprimez-${k.pronoun} définitivement ou choisissez une autre adresse.`,
      );
      expect(await db.select().from(k.table).where(eq(k.table.title, 'Autre titre'))).toEqual([]);
    });

    it('saves with the right version, audits only what changed, returns the tags; the same form again writes nothing', async () => {
      const created = await create(k.input('Titre initial'), helene);
      const { item: publication, tags: touched } = await update(created.id, 1, k.input('Titre corrigé', keep(created)), marc);
      expect(publication).toMatchObject({
        title: 'Titre corrigé',
        version: 2,
        updatedBy: marc.id,
        createdBy: helene.id,
        slug: created.slug,
      });
      expect(touched).toEqual(k.tagsOf(created));
      const entry = (await audits(k.kind.entity, created.id)).at(-1)!;
      expect(entry).toMatchObject({
        action: `${k.kind.entity}.update`,
        userId: marc.id,
        summary: `${k.noun} ${k.saved} : « Titre corrigé »`,
      });
      expect(entry.before).toEqual({ title: 'Titre initial' });
      expect(entry.after).toEqual({ title: 'Titre corrigé' });

      const again = await update(created.id, 2, k.input('Titre corrigé', keep(created)), marc);
      expect(again).toEqual({ item: expect.objectContaining({ version: 2 }), tags: [] });
      expect(await audits(k.kind.entity, created.id)).toHaveLength(2);
    });

    it('refuses a stale version, naming who saved meanwhile, and writes nothing', async () => {
      const created = await create(k.input('Version commune'), marc);
      const savedAt = new Date('2026-03-12T14:32:10Z');
      await update(created.id, 1, k.input('Version d’Hélène', keep(created)), helene, { now: savedAt });
      const saved = await rowOf(created.id);
      const error = await failure(
        update(created.id, 1, k.input('Version de Marc', keep(created)), marc, { now: new Date('2026-03-12T14:40:00Z') }),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.message).toBe(
        `Hélène Diallo a enregistré ${k.this} à 14:32 pendant que vous ${k.pronoun} modifiiez. Vos changements ` +
          'n’ont pas été enregistrés : rechargez la page pour voir sa version, puis refaites vos modifications.',
      );
      // Even a form with no change is refused when its version is stale.
      const unchanged = await failure(update(created.id, 1, k.input('Version d’Hélène', keep(created)), marc));
      expect(unchanged).toBeInstanceOf(ConflictError);
      expect(await rowOf(created.id)).toEqual(saved);
      expect((await audits(k.kind.entity, created.id)).map((a) => a.action)).toEqual([
        `${k.kind.entity}.create`,
        `${k.kind.entity}.update`,
      ]);
      expect(await failure(update(999_999, 1, k.input('Fantôme'), marc))).toBeInstanceOf(NotFoundError);
    });

    it('refuses a form without title, with a French message on the field', async () => {
      const error = await failure(create(k.input('   '), helene));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors).toEqual({ title: ['Le titre est obligatoire.'] });
    });

    it('publishes (visible to the public query, tags returned), trashes (gone), restores (back)', async () => {
      const created = await create(k.input('Cycle de vie'), helene);
      const now = new Date();
      const later = new Date(now.getTime() + 1000);
      const published = await changeLifecycle(db, {
        kind: kind(),
        action: 'publish',
        id: created.id,
        expectedVersion: 1,
        user: helene,
        now,
      });
      expect(published.tags).toEqual(k.tagsOf(created));
      expect(await k.isPublic(created.id, later)).toBe(true);
      expect((await audits(k.kind.entity, created.id)).at(-1)!.summary).toMatch(
        new RegExp(`^${k.noun} mise? en ligne : « Cycle de vie »$`),
      );

      await changeLifecycle(db, { kind: kind(), action: 'trash', id: created.id, expectedVersion: 2, user: helene });
      expect(await k.isPublic(created.id, later)).toBe(false);
      await changeLifecycle(db, { kind: kind(), action: 'restore', id: created.id, expectedVersion: 3, user: helene });
      expect(await k.isPublic(created.id, later)).toBe(true);
    });

    it('goes public when its scheduled time comes (publishDueItems)', async () => {
      const t0 = new Date();
      const created = await create(k.input('Programmé'), helene, { now: t0 });
      await changeLifecycle(db, {
        kind: kind(),
        action: 'schedule',
        id: created.id,
        expectedVersion: 1,
        user: helene,
        at: new Date(t0.getTime() + HOUR),
        now: t0,
      });
      expect(await k.isPublic(created.id, new Date(t0.getTime() + HOUR / 2))).toBe(false);
      const runAt = new Date(t0.getTime() + 2 * HOUR);
      const { published, tags: touched } = await publishDueItems(db, runAt);
      expect(published).toContainEqual({ entity: k.kind.entity, id: created.id, title: 'Programmé' });
      expect(touched).toEqual(expect.arrayContaining(k.tagsOf(created)));
      expect(await k.isPublic(created.id, runAt)).toBe(true);
      expect((await audits(k.kind.entity, created.id)).at(-1)).toMatchObject({ action: `${k.kind.entity}.publish`, userId: null });
    });
  });

  describe('publications, through the same module', () => {
    it('checks a chosen slug within the publication’s area only', async () => {
      await createItem(db, { kind: kinds.publications, input: { title: 'IPC de mars', slug: 'meme-adresse', area: 'ipc' }, user: helene });
      expect(
        (
          await createItem(db, {
            kind: kinds.publications,
            input: { title: 'IPI de mars', slug: 'meme-adresse', area: 'ipi' },
            user: helene,
          })
        ).item.slug,
      ).toBe('meme-adresse');
      const error = await failure(
        createItem(db, { kind: kinds.publications, input: { title: 'IPC d’avril', slug: 'meme-adresse', area: 'ipc' }, user: helene }).then(
          (r) => r.item,
        ),
      );
      expect(error.fieldErrors?.slug).toEqual([
        'L’adresse « meme-adresse » est déjà celle de « IPC de mars » dans cette rubrique : choisissez-en une autre.',
      ]);
    });
  });

  describe('rich text', () => {
    it.each([
      [
        'news',
        () => createItem(db, { kind: kinds.news, input: { title: 'Texte hostile', body: hostile }, user: helene }).then((r) => r.item),
      ],
      [
        'events',
        () =>
          createItem(db, {
            kind: kinds.events,
            input: { title: 'Texte hostile', startsAt: '2026-05-01T10:00', body: hostile },
            user: helene,
          }).then((r) => r.item),
      ],
      [
        'tenders',
        () =>
          createItem(db, {
            kind: kinds.tenders,
            input: { reference: 'AO-HOSTILE', title: 'Texte hostile', deadlineAt: '2026-05-01T10:00', body: hostile },
            user: helene,
          }).then((r) => r.item),
      ],
    ])('sanitizes the body of %s', async (_label, create) => {
      const created = (await create()) as { body: string };
      expect(created.body).toBe('<p>Texte</p><img src="/fichiers/1/a.png" alt="" />lien');
    });

    it('sanitizes on update too', async () => {
      const created = (
        await createItem(db, { kind: kinds.news, input: { title: 'Mise à jour hostile', body: '<p>Propre</p>' }, user: helene })
      ).item;
      const { item: publication } = await updateItem(db, {
        kind: kinds.news,
        id: created.id,
        expectedVersion: 1,
        input: { title: 'Mise à jour hostile', body: hostile },
        user: helene,
      });
      expect(publication.body).toBe('<p>Texte</p><img src="/fichiers/1/a.png" alt="" />lien');
    });
  });

  describe('news', () => {
    it('checks the cover: a library id, still there, an image', async () => {
      const badId = await failure(
        createItem(db, { kind: kinds.news, input: { title: 'Couverture', coverFileId: 'pas-un-identifiant' }, user: helene }).then(
          (r) => r.item,
        ),
      );
      expect(badId.fieldErrors).toEqual({ coverFileId: ['Image de couverture : choisissez un fichier de la bibliothèque.'] });
      const gone = await failure(
        createItem(db, { kind: kinds.news, input: { title: 'Couverture', coverFileId: randomUUID() }, user: helene }).then((r) => r.item),
      );
      expect(gone).toBeInstanceOf(ValidationError);
      expect(gone.fieldErrors?.coverFileId?.[0]).toMatch(/plus dans la bibliothèque/);
      const notImage = await failure(
        createItem(db, { kind: kinds.news, input: { title: 'Couverture', coverFileId: pdf }, user: helene }).then((r) => r.item),
      );
      expect(notImage.fieldErrors?.coverFileId).toEqual(['La couverture doit être une image (JPEG, PNG ou WebP).']);
      const internal = await addFile('Photo interne.jpg', 'image/jpeg', 'jpg');
      await db.update(files).set({ visibility: 'restricted' }).where(eq(files.id, internal));
      const reserved = await failure(
        createItem(db, { kind: kinds.news, input: { title: 'Couverture réservée', coverFileId: internal }, user: helene }).then(
          (r) => r.item,
        ),
      );
      expect(reserved.fieldErrors?.coverFileId).toEqual([
        'L’image de couverture est réservée aux agents connectés : les visiteurs ne la verraient pas. Choisissez une image publique.',
      ]);
      expect(await db.select().from(news).where(eq(news.title, 'Couverture réservée'))).toEqual([]);
      const tooLong = await failure(
        createItem(db, { kind: kinds.news, input: { title: 'Résumé', excerpt: 'x'.repeat(501) }, user: helene }).then((r) => r.item),
      );
      expect(tooLong.fieldErrors?.excerpt).toEqual(['Le résumé ne doit pas dépasser 500 caractères.']);
    });

    it('gives the edit form its cover and authors, and previews a draft as the news page shows it', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.news,
          input: { title: 'Nouvelle enquête', excerpt: 'Résumé', body: '<h1>Titre</h1><p>Texte</p>', coverFileId: photo },
          user: helene,
        })
      ).item;
      await updateItem(db, {
        kind: kinds.news,
        id: created.id,
        expectedVersion: 1,
        input: { title: 'Nouvelle enquête emploi', excerpt: 'Résumé', body: '<h1>Titre</h1><p>Texte</p>', coverFileId: photo },
        user: marc,
      });
      const edit = await loadForEdit(db, kinds.news, created.id);
      expect(edit).toMatchObject({
        area: 'news',
        values: { title: 'Nouvelle enquête emploi' },
        meta: { version: 2, createdByName: 'Hélène Diallo', updatedByName: 'Marc Ouédraogo' },
      });
      expect(edit.values.coverFileId).toEqual({
        id: photo,
        name: 'Ouverture.jpg',
        mime: 'image/jpeg',
        url: `/fichiers/${photo}/Ouverture.jpg`,
      });
      expect(await failure(loadForEdit(db, kinds.news, 999_999))).toBeInstanceOf(NotFoundError);

      const now = new Date('2026-05-01T10:00:00Z');
      const preview = await present(kinds.news.preview(db, created.id, now));
      expect(preview).toMatchObject({
        area: 'news',
        status: 'draft',
        deletedAt: null,
        title: 'Nouvelle enquête emploi',
        body: '<h2>Titre</h2><p>Texte</p>',
        publishedAt: now,
      });
      expect(preview.cover).toMatchObject({ id: photo, name: 'Ouverture.jpg', width: 1600 });
      // The same shape as the public page's, once published.
      await changeLifecycle(db, { kind: kinds.news, action: 'publish', id: created.id, expectedVersion: 2, user: helene, now });
      const { status, deletedAt, area, ...shown } = await present(kinds.news.preview(db, created.id, now));
      expect(area).toBe('news');
      expect([status, deletedAt]).toEqual(['published', null]);
      expect(shown).toEqual(await getNews(db, { id: created.id, now }));
    });
  });

  describe('events', () => {
    it('requires a start, and an end not before it, with French messages on the fields', async () => {
      const noStart = await failure(
        createItem(db, { kind: kinds.events, input: { title: 'Séminaire' }, user: helene }).then((r) => r.item),
      );
      expect(noStart.fieldErrors).toEqual({ startsAt: ['La date de début est obligatoire.'] });
      const before = await failure(
        createItem(db, {
          kind: kinds.events,
          input: { title: '', startsAt: '2026-06-02T09:00', endsAt: '2026-06-01T17:00' },
          user: helene,
        }).then((r) => r.item),
      );
      expect(before).toBeInstanceOf(ValidationError);
      expect(before.fieldErrors).toEqual({
        title: ['Le titre est obligatoire.'],
        endsAt: ['La fin de l’événement doit être égale ou postérieure à son début : corrigez la date de fin.'],
      });
      const bad = await failure(
        createItem(db, { kind: kinds.events, input: { title: 'Séminaire', startsAt: '02/06/2026' }, user: helene }).then((r) => r.item),
      );
      expect(bad.fieldErrors?.startsAt?.[0]).toMatch(/date et heure attendues/);
      // The browser checks the same schema.
      expect(eventInputSchema.safeParse({ title: 'Séminaire', startsAt: '2026-06-02T09:00', endsAt: '2026-06-02T08:00' }).success).toBe(
        false,
      );
    });

    it('stores start and end as instants, audits a moved date, and previews as the events page lists it', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.events,
          input: {
            title: 'Atelier SNDS',
            place: 'Ouagadougou',
            startsAt: '2026-06-02T09:00',
            endsAt: '2026-06-03T17:00',
            coverFileId: photo,
          },
          user: helene,
        })
      ).item;
      expect(created).toMatchObject({
        startsAt: new Date('2026-06-02T09:00:00Z'),
        endsAt: new Date('2026-06-03T17:00:00Z'),
        place: 'Ouagadougou',
      });
      await updateItem(db, {
        kind: kinds.events,
        id: created.id,
        expectedVersion: 1,
        input: { title: 'Atelier SNDS', place: 'Ouagadougou', startsAt: '2026-06-04T09:00Z', endsAt: '', coverFileId: photo },
        user: marc,
      });
      const entry = (await audits('event', created.id)).at(-1)!;
      expect(entry.before).toEqual({ startsAt: '2026-06-02T09:00:00.000Z', endsAt: '2026-06-03T17:00:00.000Z' });
      expect(entry.after).toEqual({ startsAt: '2026-06-04T09:00:00.000Z', endsAt: null });
      expect((await loadForEdit(db, kinds.events, created.id)).values.coverFileId).toMatchObject({
        id: photo,
        url: `/fichiers/${photo}/Ouverture.jpg`,
      });
      const preview = await kinds.events.preview(db, created.id, new Date());
      expect(preview).toEqual({
        area: 'events',
        id: created.id,
        slug: 'atelier-snds',
        title: 'Atelier SNDS',
        summary: '',
        body: '',
        place: 'Ouagadougou',
        startsAt: new Date('2026-06-04T09:00:00Z'),
        endsAt: null,
        cover: expect.objectContaining({ id: photo, name: 'Ouverture.jpg', mime: 'image/jpeg' }),
        status: 'draft',
        deletedAt: null,
      });
    });
  });

  describe('galleries', () => {
    const stored = (id: number) =>
      db
        .select({ fileId: galleryImages.fileId, caption: galleryImages.caption, alt: galleryImages.alt })
        .from(galleryImages)
        .where(eq(galleryImages.galleryId, id))
        .orderBy(asc(galleryImages.position));

    it('keeps the photos in the order given, reorders them on save, and shows them in that order', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.galleries,
          input: {
            title: 'Recensement pilote',
            images: [
              { fileId: photo2, caption: 'Les agents', alt: 'Agents recenseurs en formation' },
              { fileId: photo, caption: 'Ouverture' },
              { fileId: photo3, caption: '', alt: 'Conférence' },
            ],
          },
          user: helene,
        })
      ).item;
      expect((await stored(created.id)).map((i) => i.fileId)).toEqual([photo2, photo, photo3]);
      const { item: publication } = await updateItem(db, {
        kind: kinds.galleries,
        id: created.id,
        expectedVersion: 1,
        input: {
          title: 'Recensement pilote',
          images: [
            { fileId: photo3, alt: 'Conférence' },
            { fileId: photo2, caption: 'Les agents', alt: 'Agents recenseurs en formation' },
          ],
        },
        user: marc,
      });
      expect(publication.version).toBe(2);
      expect(await stored(created.id)).toEqual([
        { fileId: photo3, caption: '', alt: 'Conférence' },
        { fileId: photo2, caption: 'Les agents', alt: 'Agents recenseurs en formation' },
      ]);
      const entry = (await audits('gallery', created.id)).at(-1)!;
      expect(Object.keys(entry.after as object)).toEqual(['images']);
      expect((entry.before as { images: unknown[] }).images).toHaveLength(3);

      const edit = await loadForEdit(db, kinds.galleries, created.id);
      expect(edit.values.images).toEqual([
        {
          file: { id: photo3, name: 'Conférence de presse.png', url: `/fichiers/${photo3}/Conf%C3%A9rence%20de%20presse.png` },
          caption: '',
          alt: 'Conférence',
        },
        {
          file: { id: photo2, name: 'Agents recenseurs.jpg', url: `/fichiers/${photo2}/Agents%20recenseurs.jpg` },
          caption: 'Les agents',
          alt: 'Agents recenseurs en formation',
        },
      ]);
      const preview = await present(kinds.galleries.preview(db, created.id, new Date()));
      expect(preview.images.map((i) => i.fileId)).toEqual([photo3, photo2]);

      const now = new Date();
      await changeLifecycle(db, { kind: kinds.galleries, action: 'publish', id: created.id, expectedVersion: 2, user: helene, now });
      const shown = (await listGalleries(db, { now: new Date(now.getTime() + 1000) })).find((g) => g.id === created.id);
      expect(shown?.images.map((i) => [i.fileId, i.caption])).toEqual([
        [photo3, ''],
        [photo2, 'Les agents'],
      ]);
      const { status, deletedAt, area, ...previewed } = await present(kinds.galleries.preview(db, created.id, new Date()));
      expect(area).toBe('galleries');
      expect([status, deletedAt]).toEqual(['published', null]);
      expect(previewed).toEqual(shown);
    });

    it('shows visitors only the cover and photos they can load: one made reserved in the library afterwards is left out', async () => {
      const cover = await addFile('Couverture publique.jpg', 'image/jpeg', 'jpg');
      const item = (await createItem(db, { kind: kinds.news, input: { title: 'Couverture retirée', coverFileId: cover }, user: helene }))
        .item;
      const now = new Date();
      const later = new Date(now.getTime() + 1000);
      await changeLifecycle(db, { kind: kinds.news, id: item.id, action: 'publish', expectedVersion: 1, user: helene, now });
      expect((await getNews(db, { id: item.id, now: later }))?.cover?.id).toBe(cover);
      await db.update(files).set({ visibility: 'restricted' }).where(eq(files.id, cover));
      expect((await getNews(db, { id: item.id, now: later }))?.cover).toBeNull();

      const [kept, hidden] = [await addFile('Gardée.jpg', 'image/jpeg', 'jpg'), await addFile('Cachée.jpg', 'image/jpeg', 'jpg')];
      const gallery = (
        await createItem(db, {
          kind: kinds.galleries,
          input: { title: 'Photos en partie réservées', images: [{ fileId: kept }, { fileId: hidden }] },
          user: helene,
        })
      ).item;
      await changeLifecycle(db, { kind: kinds.galleries, id: gallery.id, action: 'publish', expectedVersion: 1, user: helene, now });
      await db.update(files).set({ visibility: 'restricted' }).where(eq(files.id, hidden));
      const shown = (await listGalleries(db, { now: later })).find((g) => g.id === gallery.id);
      expect(shown?.images.map((i) => i.fileId)).toEqual([kept]);
      // Chosen again as it is now, the reserved photo is refused with a French message.
      const again = await failure(
        updateItem(db, {
          kind: kinds.galleries,
          id: gallery.id,
          expectedVersion: 2,
          input: { title: 'Photos en partie réservées', images: [{ fileId: kept }, { fileId: hidden }] },
          user: helene,
        }),
      );
      expect(again.fieldErrors?.images).toEqual([
        'Une image est réservée aux agents connectés, que les visiteurs ne verraient pas : retirez-la ou rendez-la publique dans la bibliothèque.',
      ]);
    });

    it('refuses files that are not images, gone from the library, or twice in the gallery', async () => {
      const error = await failure(
        createItem(db, {
          kind: kinds.galleries,
          input: { title: 'Mauvaises images', images: [{ fileId: pdf }, { fileId: randomUUID() }] },
          user: helene,
        }).then((r) => r.item),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors?.images).toEqual([
        'Une image n’est plus dans la bibliothèque : retirez-la de la galerie, puis enregistrez.',
        'Un fichier de la galerie n’est pas une image (JPEG, PNG ou WebP) : retirez-le, puis enregistrez.',
      ]);
      const twice = await failure(
        createItem(db, {
          kind: kinds.galleries,
          input: { title: 'Doublon', images: [{ fileId: photo }, { fileId: photo }] },
          user: helene,
        }).then((r) => r.item),
      );
      expect(twice.fieldErrors?.images).toEqual(['Une même image figure deux fois dans la galerie : retirez le doublon.']);
      const badId = await failure(
        createItem(db, {
          kind: kinds.galleries,
          input: { title: 'Identifiant', images: [{ fileId: '42' }], takenOn: '14/02/2026' },
          user: helene,
        }).then((r) => r.item),
      );
      expect(badId.fieldErrors).toEqual({
        'images.0.fileId': ['Image : choisissez une image de la bibliothèque.'],
        takenOn: ['Date des photos : date attendue au format AAAA-MM-JJ.'],
      });
      expect(await db.select().from(galleries).where(eq(galleries.title, 'Mauvaises images'))).toEqual([]);
    });

    it('deletes for good from the trash only, the photos staying in the library', async () => {
      const created = (
        await createItem(db, { kind: kinds.galleries, input: { title: 'À supprimer', images: [{ fileId: photo }] }, user: helene })
      ).item;
      await changeLifecycle(db, { kind: kinds.galleries, action: 'trash', id: created.id, expectedVersion: 1, user: helene });
      await deleteItemForever(db, { kind: kinds.galleries, id: created.id, expectedVersion: 2, user: helene });
      expect(await stored(created.id)).toEqual([]);
      expect(await db.select({ id: files.id }).from(files).where(eq(files.id, photo))).toHaveLength(1);
      const last = (await audits('gallery', created.id)).at(-1)!;
      expect(last).toMatchObject({ action: 'gallery.delete', summary: 'Galerie supprimée définitivement : « À supprimer »' });
      expect(last.before).toMatchObject({ title: 'À supprimer', images: [{ fileId: photo, caption: '', alt: '' }] });
    });
  });

  describe('tenders', () => {
    it('requires a reference and a deadline, and checks attached files, with French messages', async () => {
      const error = await failure(
        createItem(db, {
          kind: kinds.tenders,
          input: { reference: ' ', title: 'Consultation', files: [{ fileId: randomUUID() }] },
          user: helene,
        }).then((r) => r.item),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors).toEqual({
        reference: ['La référence est obligatoire.'],
        deadlineAt: ['La date limite de dépôt est obligatoire.'],
      });
      const gone = await failure(
        createItem(db, {
          kind: kinds.tenders,
          input: { reference: 'AO-FICHIER', title: 'Consultation', deadlineAt: '2026-09-01T12:00', files: [{ fileId: randomUUID() }] },
          user: helene,
        }).then((r) => r.item),
      );
      expect(gone.fieldErrors).toEqual({
        files: ['Un fichier joint n’est plus dans la bibliothèque : retirez-le de la liste, puis enregistrez.'],
      });
    });

    it('refuses a reference another tender has, on the reference field, on create and on save', async () => {
      const first = (
        await createItem(db, {
          kind: kinds.tenders,
          input: { reference: 'AO-2026-100', title: 'Fourniture de véhicules', deadlineAt: '2026-09-01T12:00' },
          user: helene,
        })
      ).item;
      const error = await failure(
        createItem(db, {
          kind: kinds.tenders,
          input: { reference: 'AO-2026-100', title: 'Autre consultation', deadlineAt: '2026-09-01T12:00' },
          user: helene,
        }).then((r) => r.item),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.fieldErrors?.reference).toEqual([
        'La référence « AO-2026-100 » est déjà celle de « Fourniture de véhicules » : choisissez-en une autre.',
      ]);
      const other = (
        await createItem(db, {
          kind: kinds.tenders,
          input: { reference: 'AO-2026-101', title: 'Autre consultation', deadlineAt: '2026-09-01T12:00' },
          user: helene,
        })
      ).item;
      const onSave = await failure(
        updateItem(db, {
          kind: kinds.tenders,
          id: other.id,
          expectedVersion: 1,
          input: { reference: 'AO-2026-100', title: 'Autre consultation', deadlineAt: '2026-09-01T12:00' },
          user: helene,
        }),
      );
      expect(onSave.fieldErrors?.reference?.[0]).toContain('« Fourniture de véhicules »');
      expect((await db.select().from(tenders).where(eq(tenders.id, other.id)))[0]).toMatchObject({ reference: 'AO-2026-101', version: 1 });
      // Saving its own reference is fine.
      await updateItem(db, {
        kind: kinds.tenders,
        id: first.id,
        expectedVersion: 1,
        input: { reference: 'AO-2026-100', title: 'Fourniture de véhicules de terrain', deadlineAt: '2026-09-01T12:00' },
        user: helene,
      });
    });

    it('replaces its files in order, gives them to the edit form, previews as the tenders page does, and deletes for good', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.tenders,
          input: {
            reference: 'AO-2026-200',
            title: 'Audit des comptes',
            deadlineAt: '2026-07-01T12:00',
            files: [
              { fileId: pdf, label: 'Dossier' },
              { fileId: photo, label: 'Plan' },
            ],
          },
          user: helene,
        })
      ).item;
      const attached = () =>
        db
          .select({ fileId: tenderFiles.fileId, label: tenderFiles.label, position: tenderFiles.position })
          .from(tenderFiles)
          .where(eq(tenderFiles.tenderId, created.id))
          .orderBy(asc(tenderFiles.position));
      expect(await attached()).toEqual([
        { fileId: pdf, label: 'Dossier', position: 0 },
        { fileId: photo, label: 'Plan', position: 1 },
      ]);
      await updateItem(db, {
        kind: kinds.tenders,
        id: created.id,
        expectedVersion: 1,
        input: {
          reference: 'AO-2026-200',
          title: 'Audit des comptes',
          deadlineAt: '2026-07-01T12:00',
          files: [{ fileId: photo, label: 'Plan' }, { fileId: pdf }],
        },
        user: marc,
      });
      expect(await attached()).toEqual([
        { fileId: photo, label: 'Plan', position: 0 },
        { fileId: pdf, label: null, position: 1 },
      ]);
      const edit = await loadForEdit(db, kinds.tenders, created.id);
      expect(edit).toMatchObject({
        area: 'offres',
        values: { reference: 'AO-2026-200' },
        meta: { createdByName: 'Hélène Diallo', updatedByName: 'Marc Ouédraogo' },
      });
      expect(edit.values.files).toEqual([
        { file: { id: photo, name: 'Ouverture.jpg', url: `/fichiers/${photo}/Ouverture.jpg` }, label: 'Plan' },
        { file: { id: pdf, name: 'Dossier de consultation.pdf', url: `/fichiers/${pdf}/Dossier%20de%20consultation.pdf` }, label: '' },
      ]);

      const now = new Date('2026-06-01T10:00:00Z');
      const preview = await present(kinds.tenders.preview(db, created.id, now));
      expect(preview).toMatchObject({ area: 'offres', reference: 'AO-2026-200', open: true, publishedAt: now, status: 'draft' });
      expect(preview.files.map((f) => [f.id, f.label])).toEqual([
        [photo, 'Plan'],
        [pdf, null],
      ]);
      expect((await kinds.tenders.preview(db, created.id, new Date('2026-07-02T00:00:00Z')))?.open).toBe(false);

      await changeLifecycle(db, { kind: kinds.tenders, action: 'trash', id: created.id, expectedVersion: 2, user: helene });
      expect((await loadForEdit(db, kinds.tenders, created.id)).meta.trashed).toBe(true);
      const deleted = await deleteItemForever(db, { kind: kinds.tenders, id: created.id, expectedVersion: 3, user: helene });
      expect(deleted.tags).toEqual([tags.kindList('tenders')]);
      expect(await attached()).toEqual([]);
      const last = (await audits('tender', created.id)).at(-1)!;
      expect(last.before).toMatchObject({
        reference: 'AO-2026-200',
        files: [
          { fileId: photo, label: 'Plan' },
          { fileId: pdf, label: null },
        ],
      });
      expect(await kinds.tenders.preview(db, created.id, new Date())).toBeNull();
    });
  });
});
