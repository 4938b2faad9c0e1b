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
import { isPublic } from '@/lib/content/queries/visibility';
import { auditEntries, files, publicationFiles, publications, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/open';
import { ConflictError, NotFoundError, ValidationError, type DomainError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/lib/testing/db';
import {
  bulkPublish,
  bulkRestore,
  bulkTrash,
  bulkUnpublish,
  createPublication,
  deletePublicationForever,
  getPublicationForEdit,
  previewPublication,
  publicationInputSchema,
  publishPublication,
  restorePublication,
  schedulePublication,
  trashPublication,
  unpublishPublication,
  updatePublication,
} from './publications';

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
    (await db.select({ id: publications.id }).from(publications).where(and(eq(publications.id, id), isPublic(publications, now)))).length === 1;
  const attachments = (id: number) =>
    db
      .select({ fileId: publicationFiles.fileId, label: publicationFiles.label, position: publicationFiles.position })
      .from(publicationFiles)
      .where(eq(publicationFiles.publicationId, id))
      .orderBy(asc(publicationFiles.position));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
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
      const created = await createPublication(
        db,
        'ipc',
        {
          title: 'Indice des prix à la consommation — Mars 2026',
          summary: 'Les prix augmentent de 0,4 %.',
          body: '<p>Les prix <strong>augmentent</strong>.</p>',
          periodLabel: 'Mars 2026',
          periodStart: '2026-03-01',
          periodEnd: '2026-03-31',
          coverFileId: photo,
          files: [{ fileId: xlsx, label: 'Tableaux détaillés' }, { fileId: pdf }],
        },
        helene,
      );
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
      expect(entry).toMatchObject({ action: 'publication.create', userId: helene.id, summary: 'Publication créée : « Indice des prix à la consommation — Mars 2026 »' });
      expect(entry!.after).toMatchObject({ title: 'Indice des prix à la consommation — Mars 2026', slug: created.slug, files: [{ fileId: xlsx }, { fileId: pdf }] });
      expect(await visible(created.id, new Date())).toBe(false);
    });

    it('numbers a slug already used in the area, not in another area', async () => {
      const a = await createPublication(db, 'autres', { title: 'Rapport d’activité 2025' }, helene);
      const b = await createPublication(db, 'autres', { title: 'Rapport d’activité 2025' }, helene);
      const c = await createPublication(db, 'sociale', { title: 'Rapport d’activité 2025' }, helene);
      expect([a.slug, b.slug, c.slug]).toEqual(['rapport-d-activite-2025', 'rapport-d-activite-2025-2', 'rapport-d-activite-2025']);
    });

    it('keeps a chosen slug when it is free and refuses it, on the slug field, when the area uses it', async () => {
      const chosen = await createPublication(db, 'methodes', { title: 'Nomenclature des activités', slug: 'nomenclature' }, helene);
      expect(chosen.slug).toBe('nomenclature');
      const error = await failure(createPublication(db, 'methodes', { title: 'Autre nomenclature', slug: 'nomenclature' }, helene));
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.fieldErrors?.slug?.[0]).toContain('« Nomenclature des activités »');
      const bad = await failure(createPublication(db, 'methodes', { title: 'X', slug: 'Mauvaise Adresse' }, helene));
      expect(bad).toBeInstanceOf(ValidationError);
      expect(bad.fieldErrors?.slug?.[0]).toMatch(/lettres minuscules/);
      expect(await db.select().from(publications).where(eq(publications.title, 'Autre nomenclature'))).toEqual([]);
    });

    it('checks the area’s own fields, the title and the period, with a French message per field, and writes nothing', async () => {
      const before = (await db.select().from(publications)).length;
      const error = await failure(createPublication(db, 'lois', { title: '  ', periodStart: '2026-03-31', periodEnd: '2026-03-01', fields: { signedOn: '31/03/2026' } }, helene));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors).toEqual({
        title: ['Le titre est obligatoire.'],
        'fields.number': ['Numéro est obligatoire.'],
        'fields.signedOn': ['Date de signature : date attendue au format AAAA-MM-JJ'],
        periodEnd: ['La fin de la période doit être égale ou postérieure à son début.'],
      });
      // Without any `fields` at all, the required ones are still reported.
      const missing = await failure(createPublication(db, 'lois', { title: 'Loi statistique' }, helene));
      expect(missing.fieldErrors).toEqual({ 'fields.number': ['Numéro est obligatoire.'], 'fields.signedOn': ['Date de signature est obligatoire.'] });
      expect((await db.select().from(publications)).length).toBe(before);

      const law = await createPublication(db, 'lois', { title: 'Loi statistique', fields: { number: '2026-012', signedOn: '2026-02-14', extra: 'x' } }, helene);
      expect(law.fields).toEqual({ number: '2026-012', signedOn: '2026-02-14' });
    });

    it('sanitizes the body before storing it', async () => {
      const created = await createPublication(
        db,
        'demographie',
        { title: 'Naissances 2025', body: '<p onclick="steal()">Naissances</p><script>alert(document.cookie)</script><a href="javascript:alert(1)">lien</a>' },
        helene,
      );
      const stored = await row(created.id);
      expect(stored!.body).toBe('<p>Naissances</p>lien');
    });

    it('refuses attachments and covers that are not in the library, or a cover that is not an image', async () => {
      const error = await failure(createPublication(db, 'ipc', { title: 'Fichiers', files: [{ fileId: randomUUID() }], coverFileId: pdf }, helene));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors?.files?.[0]).toMatch(/plus dans la bibliothèque/);
      expect(error.fieldErrors?.coverFileId?.[0]).toMatch(/image/);
      const twice = await failure(createPublication(db, 'ipc', { title: 'Fichiers', files: [{ fileId: pdf }, { fileId: pdf }] }, helene));
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
      const created = await createPublication(db, 'ipi', { title: 'IPI février 2026', body: '<p>Texte</p>', files: [{ fileId: pdf }, { fileId: xlsx }] }, helene);
      const { publication, tags } = await updatePublication(
        db,
        created.id,
        1,
        { title: 'IPI de février 2026', body: '<p>Texte</p>', files: [{ fileId: xlsx, label: 'Données' }, { fileId: pdf }] },
        marc,
      );
      expect(publication).toMatchObject({ title: 'IPI de février 2026', version: 2, updatedBy: marc.id, createdBy: helene.id, slug: created.slug });
      expect(tags).toEqual(publicationTags(created));
      expect((await attachments(created.id)).map((f) => [f.fileId, f.label])).toEqual([
        [xlsx, 'Données'],
        [pdf, null],
      ]);
      const entry = (await audits(created.id)).at(-1)!;
      expect(entry).toMatchObject({ action: 'publication.update', userId: marc.id, summary: 'Publication modifiée : « IPI de février 2026 »' });
      expect(entry.before).toEqual({ title: 'IPI février 2026', files: [{ fileId: pdf, label: null }, { fileId: xlsx, label: null }] });
      expect(entry.after).toEqual({ title: 'IPI de février 2026', files: [{ fileId: xlsx, label: 'Données' }, { fileId: pdf, label: null }] });

      const again = await updatePublication(db, created.id, 2, { title: 'IPI de février 2026', body: '<p>Texte</p>', files: [{ fileId: xlsx, label: 'Données' }, { fileId: pdf }] }, marc);
      expect(again.publication.version).toBe(2);
      expect(await audits(created.id)).toHaveLength(2);
    });

    it('refuses a stale version, naming who saved meanwhile, and keeps their text', async () => {
      const created = await createPublication(db, 'ippi', { title: 'IPPI T1 2026', body: '<p>Première version</p>', files: [{ fileId: pdf }] }, marc);
      // Both open version 1; Hélène saves first, at 14:32.
      const savedAt = new Date('2026-03-12T14:32:10Z');
      await updatePublication(db, created.id, 1, { title: 'IPPI T1 2026', body: '<p>Texte d’Hélène</p>', files: [{ fileId: pdf }] }, helene, { now: savedAt });
      const saved = await row(created.id);
      const marcSaves = (now: Date) =>
        failure(updatePublication(db, created.id, 1, { title: 'IPPI — texte de Marc', body: '<p>Texte de Marc</p>', files: [] }, marc, { now }));
      const error = await marcSaves(new Date('2026-03-12T14:40:00Z'));
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.message).toBe(
        'Hélène Diallo a enregistré cette publication à 14:32 pendant que vous la modifiiez. Vos changements n’ont pas été enregistrés : rechargez la page pour voir sa version, puis refaites vos modifications.',
      );
      expect((await marcSaves(new Date('2026-03-13T08:00:00Z'))).message).toMatch(/^Hélène Diallo a enregistré cette publication le 12 mars 2026 à 14:32 pendant/);
      expect(await row(created.id)).toEqual(saved);
      expect(saved).toMatchObject({ body: '<p>Texte d’Hélène</p>', version: 2 });
      expect((await attachments(created.id)).map((f) => f.fileId)).toEqual([pdf]);
      expect((await audits(created.id)).map((a) => a.action)).toEqual(['publication.create', 'publication.update']);

      const own = await failure(updatePublication(db, created.id, 1, { title: 'Autre onglet' }, helene, { now: new Date('2026-03-12T15:00:00Z') }));
      expect(own.message).toMatch(/^Vous avez enregistré cette publication à 14:32 dans une autre fenêtre pendant que vous la modifiiez ici\./);
    });

    it('answers NotFoundError for a publication that does not exist', async () => {
      expect(await failure(updatePublication(db, 999_999, 1, { title: 'Fantôme' }, helene))).toBeInstanceOf(NotFoundError);
    });

    it('moves a publication to another area, numbering its slug there, and returns the tags of both areas', async () => {
      await createPublication(db, 'decrets', { title: 'Décret 2026-7', fields: { number: '2026-7', signedOn: '2026-01-07' } }, helene);
      const law = await createPublication(db, 'lois', { title: 'Décret 2026-7', fields: { number: '2026-7', signedOn: '2026-01-07' } }, helene);
      const { publication, tags } = await updatePublication(db, law.id, 1, { area: 'decrets', title: 'Décret 2026-7', fields: { number: '2026-7', signedOn: '2026-01-07' } }, helene);
      expect(publication).toMatchObject({ area: 'decrets', slug: 'decret-2026-7-2' });
      expect(tags).toEqual(expect.arrayContaining([...publicationTags(publication), ...publicationTags(law)]));
      expect(tags).toContain('area:lois');
      expect(tags).toContain('area:decrets');
      const unknownArea = await failure(updatePublication(db, law.id, 2, { area: 'news', title: 'x' }, helene));
      expect(unknownArea.fieldErrors?.area).toBeDefined();
    });

    it('refuses a chosen slug another publication of the area has', async () => {
      const a = await createPublication(db, 'rgph', { title: 'Résultats provisoires' }, helene);
      const b = await createPublication(db, 'rgph', { title: 'Résultats définitifs' }, helene);
      const error = await failure(updatePublication(db, b.id, 1, { title: 'Résultats définitifs', slug: a.slug }, helene));
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.fieldErrors?.slug).toHaveLength(1);
      expect((await row(b.id))!.slug).toBe('resultats-definitifs');
    });
  });

  describe('life cycle', () => {
    it('publishes now, visible to the public, with tags and an audit entry; a stale version is refused', async () => {
      const created = await createPublication(db, 'ica_commerce', { title: 'ICA commerce mars 2026' }, helene);
      const now = new Date();
      const { publication, tags } = await publishPublication(db, created.id, 1, marc, { now });
      expect(publication).toMatchObject({ status: 'published', version: 2, updatedBy: marc.id, publishedAt: now });
      expect(tags).toEqual(publicationTags(created));
      expect(await visible(created.id, new Date(now.getTime() + 1000))).toBe(true);
      const entry = (await audits(created.id)).at(-1)!;
      expect(entry).toMatchObject({ action: 'publication.publish', userId: marc.id, summary: 'Publication mise en ligne : « ICA commerce mars 2026 »' });
      expect(entry.before).toEqual({ status: 'draft', publishedAt: null });

      const stale = await failure(unpublishPublication(db, created.id, 1, helene));
      expect(stale).toBeInstanceOf(ConflictError);
      expect(stale.message).toContain('Marc Ouédraogo a enregistré cette publication');
      expect((await row(created.id))!.status).toBe('published');
    });

    it('schedules in the future only; the item goes public at that time', async () => {
      const created = await createPublication(db, 'ica_service', { title: 'ICA services T1' }, helene);
      const now = new Date();
      const past = await failure(schedulePublication(db, created.id, 1, helene, new Date(now.getTime() - 60_000), { now }));
      expect(past).toBeInstanceOf(ValidationError);
      expect(past.fieldErrors?.publishedAt?.[0]).toMatch(/dans le futur/);
      expect(await row(created.id)).toMatchObject({ status: 'draft', version: 1 });

      const at = new Date(now.getTime() + HOUR);
      const { publication } = await schedulePublication(db, created.id, 1, helene, at, { now });
      expect(publication).toMatchObject({ status: 'scheduled', publishedAt: at, version: 2 });
      expect((await audits(created.id)).at(-1)!.action).toBe('publication.schedule');
      expect(await visible(created.id, now)).toBe(false);
    });

    it('unpublishes back to draft, and publishing again keeps the first release date', async () => {
      const created = await createPublication(db, 'ice', { title: 'ICE 2025' }, helene);
      const first = new Date(Date.now() - 2 * HOUR);
      await publishPublication(db, created.id, 1, helene, { now: first });
      const { publication, tags } = await unpublishPublication(db, created.id, 2, helene);
      expect(publication.status).toBe('draft');
      expect(tags).toEqual(publicationTags(created));
      expect(await visible(created.id, new Date())).toBe(false);
      expect((await audits(created.id)).at(-1)!.summary).toBe('Publication retirée du site (brouillon) : « ICE 2025 »');

      const again = await publishPublication(db, created.id, 3, helene);
      expect(again.publication.publishedAt).toEqual(first);
      expect(await visible(created.id, new Date())).toBe(true);
    });

    it('trashes, refuses to publish from the trash, restores, and deletes for good only from the trash', async () => {
      const created = await createPublication(db, 'nace', { title: 'NACE 2025', files: [{ fileId: pdf }] }, helene);
      await publishPublication(db, created.id, 1, helene);
      const refused = await failure(deletePublicationForever(db, created.id, 2, helene));
      expect(refused).toBeInstanceOf(ConflictError);
      expect(refused.message).toMatch(/corbeille/);

      const trashed = await trashPublication(db, created.id, 2, helene);
      expect(trashed.publication.deletedAt).not.toBeNull();
      expect(trashed.tags).toEqual(publicationTags(created));
      expect(await visible(created.id, new Date())).toBe(false);
      const blocked = await failure(publishPublication(db, created.id, 3, helene));
      expect(blocked).toBeInstanceOf(ConflictError);
      expect(blocked.message).toBe('Cette publication est dans la corbeille : restaurez-la avant de la mettre en ligne.');
      expect((await getPublicationForEdit(db, created.id)).files.map((f) => f.name)).toEqual(['Rapport IPC mars 2026.pdf']);

      const restored = await restorePublication(db, created.id, 3, helene);
      expect(restored.publication).toMatchObject({ deletedAt: null, status: 'published', version: 4 });
      expect(await visible(created.id, new Date())).toBe(true);

      await trashPublication(db, created.id, 4, helene);
      const deleted = await deletePublicationForever(db, created.id, 5, helene);
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
      expect(await failure(restorePublication(db, created.id, 6, helene))).toBeInstanceOf(NotFoundError);
    });
  });

  describe('bulk', () => {
    it('publishes, unpublishes and trashes a selection in one go, skipping what does not apply', async () => {
      const a = await createPublication(db, 'bulletin', { title: 'Bulletin T1' }, helene);
      const b = await createPublication(db, 'bulletin', { title: 'Bulletin T2' }, helene);
      const c = await createPublication(db, 'annuaire_exterieur', { title: 'Annuaire 2025' }, helene);
      await trashPublication(db, c.id, 1, helene);

      const published = await bulkPublish(db, [a.id, b.id, c.id, 999_999], marc);
      expect(published.publications.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
      expect(published.skipped.sort()).toEqual([c.id, 999_999].sort());
      expect(published.tags).toEqual(expect.arrayContaining([...publicationTags(a), ...publicationTags(b)]));
      expect(published.tags).not.toContain('area:annuaire_exterieur');
      expect(await visible(a.id, new Date(Date.now() + 1000))).toBe(true);
      expect(await visible(c.id, new Date(Date.now() + 1000))).toBe(false);
      expect((await audits(b.id)).at(-1)).toMatchObject({ action: 'publication.publish', userId: marc.id, summary: 'Publication mise en ligne : « Bulletin T2 »' });

      const unpublished = await bulkUnpublish(db, [a.id], marc);
      expect(unpublished.publications.map((p) => [p.id, p.status])).toEqual([[a.id, 'draft']]);
      expect(await visible(a.id, new Date())).toBe(false);

      const trashed = await bulkTrash(db, [a.id, b.id, c.id], marc);
      expect(trashed.publications.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
      expect(trashed.skipped).toEqual([c.id]);
      expect((await row(b.id))!.deletedAt).not.toBeNull();
      expect((await audits(a.id)).map((e) => e.action)).toEqual(['publication.create', 'publication.publish', 'publication.unpublish', 'publication.trash']);
      // Each change bumped the version: a form opened before must reload.
      expect((await row(a.id))!.version).toBe(4);

      const restored = await bulkRestore(db, [b.id, c.id], marc);
      expect(restored.publications.map((p) => [p.id, p.status, p.deletedAt]).sort()).toEqual([[b.id, 'published', null], [c.id, 'draft', null]].sort());
      expect(await visible(b.id, new Date(Date.now() + 1000))).toBe(true);
      expect((await bulkRestore(db, [b.id], marc)).skipped).toEqual([b.id]);
    });
  });

  describe('reads', () => {
    it('gives the edit form its attachments with file names, cover and authors', async () => {
      const created = await createPublication(db, 'snds', { title: 'SNDS 2026-2030', coverFileId: photo, files: [{ fileId: pdf, label: 'Document' }] }, helene);
      await updatePublication(db, created.id, 1, { title: 'SNDS 2026–2030', coverFileId: photo, files: [{ fileId: pdf, label: 'Document' }] }, marc);
      const edit = await getPublicationForEdit(db, created.id);
      expect(edit).toMatchObject({ title: 'SNDS 2026–2030', version: 2, createdByName: 'Hélène Diallo', updatedByName: 'Marc Ouédraogo', cover: { id: photo, name: 'Marché central.jpg' } });
      expect(edit.files).toEqual([{ fileId: pdf, label: 'Document', position: 0, name: 'Rapport IPC mars 2026.pdf', mime: 'application/pdf', ext: 'pdf', size: 1234, restricted: false }]);
      expect(await failure(getPublicationForEdit(db, 999_999))).toBeInstanceOf(NotFoundError);
    });

    it('previews a draft as the public page would show it', async () => {
      const created = await createPublication(db, 'economie', { title: 'Comptes nationaux 2025', body: '<h1>Titre</h1><p>Texte</p>', files: [{ fileId: xlsx }] }, helene);
      const now = new Date('2026-05-01T10:00:00Z');
      const preview = await previewPublication(db, created.id, now);
      expect(preview).toMatchObject({ status: 'draft', title: 'Comptes nationaux 2025', body: '<h2>Titre</h2><p>Texte</p>', publishedAt: now });
      expect(preview.files.map((f) => f.name)).toEqual(['Tableaux IPC mars 2026.xlsx']);
      expect(await visible(created.id, now)).toBe(false);
    });
  });
});
