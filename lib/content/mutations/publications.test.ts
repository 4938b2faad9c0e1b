/**
 * Writing publications on real databases: the form's checks, slugs, sanitized bodies, optimistic
 * versions (a stale save names who saved meanwhile and writes nothing), the life cycle and what
 * the public then sees, bulk changes, audit entries and the cache tags each write returns.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { publicationTags } from '@/lib/cache/tags';
import { area } from '@/lib/content/areas';
import type { AttachmentValue } from '@/lib/content/editing/values';
import { isPublic } from '@/lib/content/queries/visibility';
import { auditEntries, files, publicationFiles, publications, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/open';
import { ConflictError, NotFoundError, ValidationError, type DomainError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { kinds } from '@/lib/content/kinds';
import { publicationInputSchema } from '@/lib/content/kinds/publications';
import { createItem, deleteItemForever, loadForEdit, updateItem } from './items';
import { bulkChangeLifecycle, changeLifecycle } from './lifecycle';
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

describe.each(testDatabaseKinds)('publication writes on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let helene: SessionUser;
  let marc: SessionUser;
  let pdf: string;
  let xlsx: string;
  let photo: string;

  async function addUser(name: string, email: string): Promise<SessionUser> {
    const [row] = await db.insert(users).values({ name, email }).returning({ id: users.id, name: users.name, email: users.email });
    return row!;
  }

  async function addFile(name: string, mime: string, ext: string): Promise<string> {
    const [row] = await db
      .insert(files)
      .values({ storageKey: randomUUID(), name, originalName: name, mime, ext, size: 1234, sha256: '0'.repeat(64) })
      .returning({ id: files.id });
    return row!.id;
  }

  const row = async (id: number) => (await db.select().from(publications).where(eq(publications.id, id)))[0];
  const audits = (id: number) =>
    db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, 'publication'), eq(auditEntries.entityId, String(id))))
      .orderBy(asc(auditEntries.id));
  const visible = async (id: number, now: Date) =>
    (
      await db
        .select({ id: publications.id })
        .from(publications)
        .where(and(eq(publications.id, id), isPublic(publications, now)))
    ).length === 1;
  const attachments = (id: number) =>
    db
      .select({ fileId: publicationFiles.fileId, label: publicationFiles.label, position: publicationFiles.position })
      .from(publicationFiles)
      .where(eq(publicationFiles.publicationId, id))
      .orderBy(asc(publicationFiles.position));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    // One person writes and publishes here: the life cycle is under test, the second pair of eyes in lib/review/review.test.ts.
    await setSelfApproval(database.db, { allowed: true, user: null, actor: 'tests' });
    db = database.db;
    helene = await addUser('Hélène Diallo', 'helene@example.org');
    marc = await addUser('Marc Ouédraogo', 'marc@example.org');
    pdf = await addFile('Rapport IPC mars 2026.pdf', 'application/pdf', 'pdf');
    xlsx = await addFile('Tableaux IPC mars 2026.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx');
    photo = await addFile('Marché central.jpg', 'image/jpeg', 'jpg');
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('create', () => {
    it('creates a draft by its author, with a slug from the title, attachments in order and an audit entry', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.publications,
          input: {
            title: 'Indice des prix à la consommation — Mars 2026',
            summary: 'Les prix augmentent de 0,4 %.',
            body: '<p>Les prix <strong>augmentent</strong>.</p>',
            periodLabel: 'Mars 2026',
            periodStart: '2026-03-01',
            periodEnd: '2026-03-31',
            coverFileId: photo,
            files: [{ fileId: xlsx, label: 'Tableaux détaillés' }, { fileId: pdf }],
            area: 'ipc',
          },
          user: helene,
        })
      ).item;
      expect(created).toMatchObject({
        area: 'ipc',
        slug: 'indice-des-prix-a-la-consommation-mars-2026',
        status: 'draft',
        version: 1,
        createdBy: helene.id,
        updatedBy: helene.id,
        periodStart: '2026-03-01',
        coverFileId: photo,
      });
      expect(await attachments(created.id)).toEqual([
        { fileId: xlsx, label: 'Tableaux détaillés', position: 0 },
        { fileId: pdf, label: null, position: 1 },
      ]);
      const [entry] = await audits(created.id);
      expect(entry).toMatchObject({
        action: 'publication.create',
        userId: helene.id,
        summary: 'Publication créée : « Indice des prix à la consommation — Mars 2026 »',
      });
      expect(entry!.after).toMatchObject({
        title: 'Indice des prix à la consommation — Mars 2026',
        slug: created.slug,
        files: [{ fileId: xlsx }, { fileId: pdf }],
      });
      expect(await visible(created.id, new Date())).toBe(false);
    });

    it('numbers a slug already used in the area, not in another area', async () => {
      const a = (
        await createItem(db, { kind: kinds.publications, input: { title: 'Rapport d’activité 2025', area: 'autres' }, user: helene })
      ).item;
      const b = (
        await createItem(db, { kind: kinds.publications, input: { title: 'Rapport d’activité 2025', area: 'autres' }, user: helene })
      ).item;
      const c = (
        await createItem(db, { kind: kinds.publications, input: { title: 'Rapport d’activité 2025', area: 'sociale' }, user: helene })
      ).item;
      expect([a.slug, b.slug, c.slug]).toEqual(['rapport-d-activite-2025', 'rapport-d-activite-2025-2', 'rapport-d-activite-2025']);
    });

    it('keeps a chosen slug when it is free and refuses it, on the slug field, when the area uses it', async () => {
      const chosen = (
        await createItem(db, {
          kind: kinds.publications,
          input: { title: 'Nomenclature des activités', slug: 'nomenclature', area: 'methodes' },
          user: helene,
        })
      ).item;
      expect(chosen.slug).toBe('nomenclature');
      const error = await failure(
        createItem(db, {
          kind: kinds.publications,
          input: { title: 'Autre nomenclature', slug: 'nomenclature', area: 'methodes' },
          user: helene,
        }).then((r) => r.item),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.fieldErrors?.slug?.[0]).toContain('« Nomenclature des activités »');
      const bad = await failure(
        createItem(db, { kind: kinds.publications, input: { title: 'X', slug: 'Mauvaise Adresse', area: 'methodes' }, user: helene }).then(
          (r) => r.item,
        ),
      );
      expect(bad).toBeInstanceOf(ValidationError);
      expect(bad.fieldErrors?.slug?.[0]).toMatch(/lettres minuscules/);
      expect(await db.select().from(publications).where(eq(publications.title, 'Autre nomenclature'))).toEqual([]);
    });

    it('checks the area’s own fields, the title and the period, with a French message per field, and writes nothing', async () => {
      const before = (await db.select().from(publications)).length;
      const error = await failure(
        createItem(db, {
          kind: kinds.publications,
          input: { title: '  ', periodStart: '2026-03-31', periodEnd: '2026-03-01', fields: { signedOn: '31/03/2026' }, area: 'lois' },
          user: helene,
        }).then((r) => r.item),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors).toEqual({
        title: ['Le titre est obligatoire.'],
        'fields.number': ['Numéro est obligatoire.'],
        'fields.signedOn': ['Date de signature : date attendue au format AAAA-MM-JJ'],
        periodEnd: ['La fin de la période doit être égale ou postérieure à son début.'],
      });
      // Without any `fields` at all, the required ones are still reported.
      const missing = await failure(
        createItem(db, { kind: kinds.publications, input: { title: 'Loi statistique', area: 'lois' }, user: helene }).then((r) => r.item),
      );
      expect(missing.fieldErrors).toEqual({
        'fields.number': ['Numéro est obligatoire.'],
        'fields.signedOn': ['Date de signature est obligatoire.'],
      });
      expect((await db.select().from(publications)).length).toBe(before);

      const law = (
        await createItem(db, {
          kind: kinds.publications,
          input: { title: 'Loi statistique', fields: { number: '2026-012', signedOn: '2026-02-14', extra: 'x' }, area: 'lois' },
          user: helene,
        })
      ).item;
      expect(law.fields).toEqual({ number: '2026-012', signedOn: '2026-02-14' });
    });

    it('sanitizes the body before storing it', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.publications,
          input: {
            title: 'Naissances 2025',
            body: '<p onclick="steal()">Naissances</p><script>alert(document.cookie)</script><a href="javascript:alert(1)">lien</a>',
            area: 'demographie',
          },
          user: helene,
        })
      ).item;
      const stored = await row(created.id);
      expect(stored!.body).toBe('<p>Naissances</p>lien');
    });

    it('refuses attachments and covers that are not in the library, or a cover that is not an image', async () => {
      const error = await failure(
        createItem(db, {
          kind: kinds.publications,
          input: { title: 'Fichiers', files: [{ fileId: randomUUID() }], coverFileId: pdf, area: 'ipc' },
          user: helene,
        }).then((r) => r.item),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors?.files?.[0]).toMatch(/plus dans la bibliothèque/);
      expect(error.fieldErrors?.coverFileId?.[0]).toMatch(/image/);
      const twice = await failure(
        createItem(db, {
          kind: kinds.publications,
          input: { title: 'Fichiers', files: [{ fileId: pdf }, { fileId: pdf }], area: 'ipc' },
          user: helene,
        }).then((r) => r.item),
      );
      expect(twice.fieldErrors?.files?.[0]).toMatch(/deux fois/);
    });

    it('exports a schema the browser can run on the same input', () => {
      const result = publicationInputSchema(area('decrets')).safeParse({ title: 'Décret', fields: { number: '' } });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['fields.number', 'fields.signedOn']);
    });
  });

  describe('update', () => {
    it('saves with the right version, bumps it, replaces attachments and audits only what changed', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.publications,
          input: { title: 'IPI février 2026', body: '<p>Texte</p>', files: [{ fileId: pdf }, { fileId: xlsx }], area: 'ipi' },
          user: helene,
        })
      ).item;
      const { item: publication, tags } = await updateItem(db, {
        kind: kinds.publications,
        id: created.id,
        expectedVersion: 1,
        input: { title: 'IPI de février 2026', body: '<p>Texte</p>', files: [{ fileId: xlsx, label: 'Données' }, { fileId: pdf }] },
        user: marc,
      });
      expect(publication).toMatchObject({
        title: 'IPI de février 2026',
        version: 2,
        updatedBy: marc.id,
        createdBy: helene.id,
        slug: created.slug,
      });
      expect(tags).toEqual(publicationTags(created));
      expect((await attachments(created.id)).map((f) => [f.fileId, f.label])).toEqual([
        [xlsx, 'Données'],
        [pdf, null],
      ]);
      const entry = (await audits(created.id)).at(-1)!;
      expect(entry).toMatchObject({
        action: 'publication.update',
        userId: marc.id,
        summary: 'Publication modifiée : « IPI de février 2026 »',
      });
      expect(entry.before).toEqual({
        title: 'IPI février 2026',
        files: [
          { fileId: pdf, label: null },
          { fileId: xlsx, label: null },
        ],
      });
      expect(entry.after).toEqual({
        title: 'IPI de février 2026',
        files: [
          { fileId: xlsx, label: 'Données' },
          { fileId: pdf, label: null },
        ],
      });

      const again = await updateItem(db, {
        kind: kinds.publications,
        id: created.id,
        expectedVersion: 2,
        input: { title: 'IPI de février 2026', body: '<p>Texte</p>', files: [{ fileId: xlsx, label: 'Données' }, { fileId: pdf }] },
        user: marc,
      });
      expect(again.item.version).toBe(2);
      expect(await audits(created.id)).toHaveLength(2);
    });

    it('refuses a stale version, naming who saved meanwhile, and keeps their text', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.publications,
          input: { title: 'IPPI T1 2026', body: '<p>Première version</p>', files: [{ fileId: pdf }], area: 'ippi' },
          user: marc,
        })
      ).item;
      // Both open version 1; Hélène saves first, at 14:32.
      const savedAt = new Date('2026-03-12T14:32:10Z');
      await updateItem(db, {
        kind: kinds.publications,
        id: created.id,
        expectedVersion: 1,
        input: { title: 'IPPI T1 2026', body: '<p>Texte d’Hélène</p>', files: [{ fileId: pdf }] },
        user: helene,
        now: savedAt,
      });
      const saved = await row(created.id);
      const marcSaves = (now: Date) =>
        failure(
          updateItem(db, {
            kind: kinds.publications,
            id: created.id,
            expectedVersion: 1,
            input: { title: 'IPPI — texte de Marc', body: '<p>Texte de Marc</p>', files: [] },
            user: marc,
            now,
          }),
        );
      const error = await marcSaves(new Date('2026-03-12T14:40:00Z'));
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.message).toBe(
        'Hélène Diallo a enregistré cette publication à 14:32 pendant que vous la modifiiez. Vos changements ' +
          'n’ont pas été enregistrés : rechargez la page pour voir sa version, puis refaites vos modifications.',
      );
      expect((await marcSaves(new Date('2026-03-13T08:00:00Z'))).message).toMatch(
        /^Hélène Diallo a enregistré cette publication le 12 mars 2026 à 14:32 pendant/,
      );
      expect(await row(created.id)).toEqual(saved);
      expect(saved).toMatchObject({ body: '<p>Texte d’Hélène</p>', version: 2 });
      expect((await attachments(created.id)).map((f) => f.fileId)).toEqual([pdf]);
      expect((await audits(created.id)).map((a) => a.action)).toEqual(['publication.create', 'publication.update']);

      const own = await failure(
        updateItem(db, {
          kind: kinds.publications,
          id: created.id,
          expectedVersion: 1,
          input: { title: 'Autre onglet' },
          user: helene,
          now: new Date('2026-03-12T15:00:00Z'),
        }),
      );
      expect(own.message).toMatch(
        /^Vous avez enregistré cette publication à 14:32 dans une autre fenêtre pendant que vous la modifiiez ici\./,
      );
    });

    it('answers NotFoundError for a publication that does not exist', async () => {
      expect(
        await failure(
          updateItem(db, { kind: kinds.publications, id: 999_999, expectedVersion: 1, input: { title: 'Fantôme' }, user: helene }),
        ),
      ).toBeInstanceOf(NotFoundError);
    });

    it('moves a publication to another area, numbering its slug there, and returns the tags of both areas', async () => {
      await createItem(db, {
        kind: kinds.publications,
        input: { title: 'Décret 2026-7', fields: { number: '2026-7', signedOn: '2026-01-07' }, area: 'decrets' },
        user: helene,
      });
      const law = (
        await createItem(db, {
          kind: kinds.publications,
          input: { title: 'Décret 2026-7', fields: { number: '2026-7', signedOn: '2026-01-07' }, area: 'lois' },
          user: helene,
        })
      ).item;
      const { item: publication, tags } = await updateItem(db, {
        kind: kinds.publications,
        id: law.id,
        expectedVersion: 1,
        input: { area: 'decrets', title: 'Décret 2026-7', fields: { number: '2026-7', signedOn: '2026-01-07' } },
        user: helene,
      });
      expect(publication).toMatchObject({ area: 'decrets', slug: 'decret-2026-7-2' });
      expect(tags).toEqual(expect.arrayContaining([...publicationTags(publication), ...publicationTags(law)]));
      expect(tags).toContain('area:lois');
      expect(tags).toContain('area:decrets');
      const unknownArea = await failure(
        updateItem(db, { kind: kinds.publications, id: law.id, expectedVersion: 2, input: { area: 'news', title: 'x' }, user: helene }),
      );
      expect(unknownArea.fieldErrors?.area).toBeDefined();
    });

    it('refuses a chosen slug another publication of the area has', async () => {
      const a = (await createItem(db, { kind: kinds.publications, input: { title: 'Résultats provisoires', area: 'rgph' }, user: helene }))
        .item;
      const b = (await createItem(db, { kind: kinds.publications, input: { title: 'Résultats définitifs', area: 'rgph' }, user: helene }))
        .item;
      const error = await failure(
        updateItem(db, {
          kind: kinds.publications,
          id: b.id,
          expectedVersion: 1,
          input: { title: 'Résultats définitifs', slug: a.slug },
          user: helene,
        }),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.fieldErrors?.slug).toHaveLength(1);
      expect((await row(b.id))!.slug).toBe('resultats-definitifs');
    });
  });

  describe('life cycle', () => {
    it('publishes now, visible to the public, with tags and an audit entry; a stale version is refused', async () => {
      const created = (
        await createItem(db, { kind: kinds.publications, input: { title: 'ICA commerce mars 2026', area: 'ica_commerce' }, user: helene })
      ).item;
      const now = new Date();
      const { item: publication, tags } = await changeLifecycle(db, {
        kind: kinds.publications,
        action: 'publish',
        id: created.id,
        expectedVersion: 1,
        user: marc,
        now,
      });
      expect(publication).toMatchObject({ status: 'published', version: 2, updatedBy: marc.id, publishedAt: now });
      expect(tags).toEqual(publicationTags(created));
      expect(await visible(created.id, new Date(now.getTime() + 1000))).toBe(true);
      const entry = (await audits(created.id)).at(-1)!;
      expect(entry).toMatchObject({
        action: 'publication.publish',
        userId: marc.id,
        summary: 'Publication mise en ligne : « ICA commerce mars 2026 »',
      });
      expect(entry.before).toEqual({ status: 'draft', publishedAt: null, review: 'none' });

      const stale = await failure(
        changeLifecycle(db, { kind: kinds.publications, action: 'unpublish', id: created.id, expectedVersion: 1, user: helene }),
      );
      expect(stale).toBeInstanceOf(ConflictError);
      expect(stale.message).toContain('Marc Ouédraogo a enregistré cette publication');
      expect((await row(created.id))!.status).toBe('published');
    });

    it('schedules in the future only; the item goes public at that time', async () => {
      const created = (
        await createItem(db, { kind: kinds.publications, input: { title: 'ICA services T1', area: 'ica_service' }, user: helene })
      ).item;
      const now = new Date();
      const past = await failure(
        changeLifecycle(db, {
          kind: kinds.publications,
          action: 'schedule',
          id: created.id,
          expectedVersion: 1,
          user: helene,
          at: new Date(now.getTime() - 60_000),
          now,
        }),
      );
      expect(past).toBeInstanceOf(ValidationError);
      expect(past.fieldErrors?.publishedAt?.[0]).toMatch(/dans le futur/);
      expect(await row(created.id)).toMatchObject({ status: 'draft', version: 1 });

      const at = new Date(now.getTime() + HOUR);
      const { item: publication } = await changeLifecycle(db, {
        kind: kinds.publications,
        action: 'schedule',
        id: created.id,
        expectedVersion: 1,
        user: helene,
        at: at,
        now,
      });
      expect(publication).toMatchObject({ status: 'scheduled', publishedAt: at, version: 2 });
      expect((await audits(created.id)).at(-1)!.action).toBe('publication.schedule');
      expect(await visible(created.id, now)).toBe(false);
    });

    it('unpublishes back to draft, and publishing again keeps the first release date', async () => {
      const created = (await createItem(db, { kind: kinds.publications, input: { title: 'ICE 2025', area: 'ice' }, user: helene })).item;
      const first = new Date(Date.now() - 2 * HOUR);
      await changeLifecycle(db, {
        kind: kinds.publications,
        action: 'publish',
        id: created.id,
        expectedVersion: 1,
        user: helene,
        now: first,
      });
      const { item: publication, tags } = await changeLifecycle(db, {
        kind: kinds.publications,
        action: 'unpublish',
        id: created.id,
        expectedVersion: 2,
        user: helene,
      });
      expect(publication.status).toBe('draft');
      expect(tags).toEqual(publicationTags(created));
      expect(await visible(created.id, new Date())).toBe(false);
      expect((await audits(created.id)).at(-1)!.summary).toBe('Publication retirée du site (brouillon) : « ICE 2025 »');

      const again = await changeLifecycle(db, {
        kind: kinds.publications,
        action: 'publish',
        id: created.id,
        expectedVersion: 3,
        user: helene,
      });
      expect(again.item.publishedAt).toEqual(first);
      expect(await visible(created.id, new Date())).toBe(true);
    });

    it('trashes, refuses to publish from the trash, restores, and deletes for good only from the trash', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.publications,
          input: { title: 'NACE 2025', files: [{ fileId: pdf }], area: 'nace' },
          user: helene,
        })
      ).item;
      await changeLifecycle(db, { kind: kinds.publications, action: 'publish', id: created.id, expectedVersion: 1, user: helene });
      const refused = await failure(deleteItemForever(db, { kind: kinds.publications, id: created.id, expectedVersion: 2, user: helene }));
      expect(refused).toBeInstanceOf(ConflictError);
      expect(refused.message).toMatch(/corbeille/);

      const trashed = await changeLifecycle(db, {
        kind: kinds.publications,
        action: 'trash',
        id: created.id,
        expectedVersion: 2,
        user: helene,
      });
      expect(trashed.item.deletedAt).not.toBeNull();
      expect(trashed.tags).toEqual(publicationTags(created));
      expect(await visible(created.id, new Date())).toBe(false);
      const blocked = await failure(
        changeLifecycle(db, { kind: kinds.publications, action: 'publish', id: created.id, expectedVersion: 3, user: helene }),
      );
      expect(blocked).toBeInstanceOf(ConflictError);
      expect(blocked.message).toBe('Cette publication est dans la corbeille : restaurez-la avant de la mettre en ligne.');
      expect(((await loadForEdit(db, kinds.publications, created.id)).values.files as AttachmentValue[]).map((f) => f.file.name)).toEqual([
        'Rapport IPC mars 2026.pdf',
      ]);

      const restored = await changeLifecycle(db, {
        kind: kinds.publications,
        action: 'restore',
        id: created.id,
        expectedVersion: 3,
        user: helene,
      });
      expect(restored.item).toMatchObject({ deletedAt: null, status: 'published', version: 4 });
      expect(await visible(created.id, new Date())).toBe(true);

      await changeLifecycle(db, { kind: kinds.publications, action: 'trash', id: created.id, expectedVersion: 4, user: helene });
      const deleted = await deleteItemForever(db, { kind: kinds.publications, id: created.id, expectedVersion: 5, user: helene });
      expect(deleted.tags).toEqual(publicationTags(created));
      expect(await row(created.id)).toBeUndefined();
      expect(await attachments(created.id)).toEqual([]);
      expect((await db.select({ id: files.id }).from(files).where(eq(files.id, pdf))).length).toBe(1);
      expect((await audits(created.id)).map((a) => a.action)).toEqual([
        'publication.create',
        'publication.publish',
        'publication.trash',
        'publication.restore',
        'publication.trash',
        'publication.delete',
      ]);
      const last = (await audits(created.id)).at(-1)!;
      expect(last.summary).toBe('Publication supprimée définitivement : « NACE 2025 »');
      expect(last.before).toMatchObject({ title: 'NACE 2025', files: [{ fileId: pdf }] });
      expect(
        await failure(
          changeLifecycle(db, { kind: kinds.publications, action: 'restore', id: created.id, expectedVersion: 6, user: helene }),
        ),
      ).toBeInstanceOf(NotFoundError);
    });
  });

  describe('bulk', () => {
    it('publishes, unpublishes and trashes a selection in one go, skipping what does not apply', async () => {
      const a = (await createItem(db, { kind: kinds.publications, input: { title: 'Bulletin T1', area: 'bulletin' }, user: helene })).item;
      const b = (await createItem(db, { kind: kinds.publications, input: { title: 'Bulletin T2', area: 'bulletin' }, user: helene })).item;
      const c = (
        await createItem(db, { kind: kinds.publications, input: { title: 'Annuaire 2025', area: 'annuaire_exterieur' }, user: helene })
      ).item;
      await changeLifecycle(db, { kind: kinds.publications, action: 'trash', id: c.id, expectedVersion: 1, user: helene });

      const published = await bulkChangeLifecycle(db, {
        kind: kinds.publications,
        action: 'publish',
        ids: [a.id, b.id, c.id, 999_999],
        user: marc,
      });
      expect(published.items.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
      expect(published.skipped.sort()).toEqual([c.id, 999_999].sort());
      expect(published.tags).toEqual(expect.arrayContaining([...publicationTags(a), ...publicationTags(b)]));
      expect(published.tags).not.toContain('area:annuaire_exterieur');
      expect(await visible(a.id, new Date(Date.now() + 1000))).toBe(true);
      expect(await visible(c.id, new Date(Date.now() + 1000))).toBe(false);
      expect((await audits(b.id)).at(-1)).toMatchObject({
        action: 'publication.publish',
        userId: marc.id,
        summary: 'Publication mise en ligne : « Bulletin T2 »',
      });

      const unpublished = await bulkChangeLifecycle(db, { kind: kinds.publications, action: 'unpublish', ids: [a.id], user: marc });
      expect(unpublished.items.map((p) => [p.id, p.status])).toEqual([[a.id, 'draft']]);
      expect(await visible(a.id, new Date())).toBe(false);

      const trashed = await bulkChangeLifecycle(db, { kind: kinds.publications, action: 'trash', ids: [a.id, b.id, c.id], user: marc });
      expect(trashed.items.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
      expect(trashed.skipped).toEqual([c.id]);
      expect((await row(b.id))!.deletedAt).not.toBeNull();
      expect((await audits(a.id)).map((e) => e.action)).toEqual([
        'publication.create',
        'publication.publish',
        'publication.unpublish',
        'publication.trash',
      ]);
      // Each change bumped the version: a form opened before must reload.
      expect((await row(a.id))!.version).toBe(4);

      const restored = await bulkChangeLifecycle(db, { kind: kinds.publications, action: 'restore', ids: [b.id, c.id], user: marc });
      expect(restored.items.map((p) => [p.id, p.status, p.deletedAt]).sort()).toEqual(
        [
          [b.id, 'published', null],
          [c.id, 'draft', null],
        ].sort(),
      );
      expect(await visible(b.id, new Date(Date.now() + 1000))).toBe(true);
      expect((await bulkChangeLifecycle(db, { kind: kinds.publications, action: 'restore', ids: [b.id], user: marc })).skipped).toEqual([
        b.id,
      ]);
    });
  });

  describe('reads', () => {
    it('gives the edit form its attachments with file names, cover and authors', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.publications,
          input: { title: 'SNDS 2026-2030', coverFileId: photo, files: [{ fileId: pdf, label: 'Document' }], area: 'snds' },
          user: helene,
        })
      ).item;
      await updateItem(db, {
        kind: kinds.publications,
        id: created.id,
        expectedVersion: 1,
        input: { title: 'SNDS 2026–2030', coverFileId: photo, files: [{ fileId: pdf, label: 'Document' }] },
        user: marc,
      });
      const edit = await loadForEdit(db, kinds.publications, created.id);
      expect(edit).toMatchObject({
        area: 'snds',
        values: { title: 'SNDS 2026–2030', coverFileId: { id: photo, name: 'Marché central.jpg' } },
        meta: { version: 2, createdByName: 'Hélène Diallo', updatedByName: 'Marc Ouédraogo' },
      });
      expect(edit.values.files).toEqual([
        {
          file: { id: pdf, name: 'Rapport IPC mars 2026.pdf', url: `/fichiers/${pdf}/Rapport%20IPC%20mars%202026.pdf` },
          label: 'Document',
        },
      ]);
      expect(await failure(loadForEdit(db, kinds.publications, 999_999))).toBeInstanceOf(NotFoundError);
    });

    it('previews a draft as the public page would show it', async () => {
      const created = (
        await createItem(db, {
          kind: kinds.publications,
          input: { title: 'Comptes nationaux 2025', body: '<h1>Titre</h1><p>Texte</p>', files: [{ fileId: xlsx }], area: 'economie' },
          user: helene,
        })
      ).item;
      const now = new Date('2026-05-01T10:00:00Z');
      const preview = await kinds.publications.preview(db, created.id, now);
      expect(preview).toMatchObject({
        area: 'economie',
        status: 'draft',
        title: 'Comptes nationaux 2025',
        body: '<h2>Titre</h2><p>Texte</p>',
        publishedAt: now,
      });
      expect(preview?.files.map((f) => f.name)).toEqual(['Tableaux IPC mars 2026.xlsx']);
      expect(await visible(created.id, now)).toBe(false);
    });
  });
});
