/**
 * Writing the institute's identity and its pages on real databases: the forms' checks (French
 * field errors), library images only, sanitized bodies, optimistic versions (a stale save names
 * who saved meanwhile and writes nothing), introductions created on their first save, audit
 * entries with the changed fields only, and the cache tags each write returns.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/auth/types';
import { pageTags, tags } from '@/lib/cache/tags';
import { getPage, getSiteIdentity } from '@/lib/content/queries/site';
import { identityInputSchema, missionInputSchema, pageInputSchema } from '@/lib/content/schemas/institution';
import { auditEntries, files, pages, siteIdentity, users } from '@/lib/db/schema';
import type { Db } from '@/lib/db/open';
import { ConflictError, NotFoundError, ValidationError, type DomainError } from '@/lib/errors';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '@/testing/db';
import { getIdentityForEdit, getPageForEdit, updateIdentity, updatePage } from './institution';

/** The rejection of `promise`, which must fail. */
async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a failure');
}

const identity = {
  name: 'Institut national de la statistique de Sahelia',
  acronym: 'INSS',
  country: 'République de Sahelia',
  tagline: 'La statistique publique au service du développement',
  address: "Avenue de l'Indépendance, BP 1024, Djanta",
  phone: '+999 20 31 45 67',
  email: 'contact@inss.example.org',
  socialLinks: [
    { label: 'Facebook', url: 'https://facebook.example.org/inss' },
    { label: 'LinkedIn', url: 'https://linkedin.example.org/company/inss' },
  ],
};

describe.each(testDatabaseKinds)('institution writes on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  let helene: SessionUser;
  let marc: SessionUser;
  let photo: string;
  let logo: string;
  let pdf: string;
  let reserved: string;

  async function addUser(name: string, email: string): Promise<SessionUser> {
    const [row] = await db.insert(users).values({ name, email }).returning({ id: users.id, name: users.name, email: users.email });
    return row!;
  }

  async function addFile(name: string, mime: string, ext: string, visibility: 'public' | 'restricted' = 'public'): Promise<string> {
    const [row] = await db
      .insert(files)
      .values({
        storageKey: randomUUID(),
        name,
        originalName: name,
        mime,
        ext,
        size: 1234,
        sha256: '0'.repeat(64),
        width: 600,
        height: 800,
        visibility,
      })
      .returning({ id: files.id });
    return row!.id;
  }

  const pageRow = async (key: string) => (await db.select().from(pages).where(eq(pages.key, key)))[0];
  const identityRow = async () => (await db.select().from(siteIdentity))[0];
  const audits = (entityType: string, entityId: string) =>
    db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.entityType, entityType), eq(auditEntries.entityId, entityId)))
      .orderBy(asc(auditEntries.id));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
    helene = await addUser('Hélène Diallo', 'helene@example.org');
    marc = await addUser('Marc Ouédraogo', 'marc@example.org');
    photo = await addFile('Portrait du DG.jpg', 'image/jpeg', 'jpg');
    logo = await addFile('Logo INSS.png', 'image/png', 'png');
    pdf = await addFile('Rapport annuel.pdf', 'application/pdf', 'pdf');
    reserved = await addFile('Photo interne.jpg', 'image/jpeg', 'jpg', 'restricted');
  });
  afterAll(async () => {
    await database?.close();
  });

  describe('identity', () => {
    it('is created by the first save (version 0), then updated with the right version, auditing only what changed', async () => {
      expect(await getIdentityForEdit(db)).toMatchObject({ name: '', version: 0, logo: null });
      const created = await updateIdentity(db, { expectedVersion: 0, input: identity, user: helene });
      expect(created.tags).toEqual([tags.identity]);
      expect(created.identity).toMatchObject({
        id: 1,
        acronym: 'INSS',
        version: 1,
        updatedBy: helene.id,
        socialLinks: identity.socialLinks,
      });

      const { identity: updated, tags: touched } = await updateIdentity(db, {
        expectedVersion: 1,
        input: { ...identity, phone: '+999 20 00 00 01', logoFileId: logo },
        user: marc,
      });
      expect(updated).toMatchObject({ phone: '+999 20 00 00 01', logoFileId: logo, version: 2, updatedBy: marc.id });
      expect(touched).toEqual([tags.identity]);
      const entry = (await audits('identity', '1')).at(-1)!;
      expect(entry).toMatchObject({
        action: 'identity.update',
        userId: marc.id,
        summary: 'Identité de l’institut modifiée (logo, téléphone)',
      });
      expect(entry.before).toEqual({ logoFileId: null, phone: '+999 20 31 45 67' });
      expect(entry.after).toEqual({ logoFileId: logo, phone: '+999 20 00 00 01' });

      // What the public header and footer read.
      expect(await getSiteIdentity(db)).toMatchObject({
        phone: '+999 20 00 00 01',
        logo: { id: logo, name: 'Logo INSS.png', width: 600, height: 800 },
      });
      const edit = await getIdentityForEdit(db);
      expect(edit).toMatchObject({
        version: 2,
        updatedByName: 'Marc Ouédraogo',
        logo: { id: logo, name: 'Logo INSS.png', url: `/fichiers/${logo}/Logo%20INSS.png` },
      });
    });

    it('writes nothing and returns no tag when nothing changed', async () => {
      const before = await identityRow();
      const count = (await audits('identity', '1')).length;
      const same = await updateIdentity(db, {
        expectedVersion: before!.version,
        input: { ...identity, phone: before!.phone, logoFileId: before!.logoFileId },
        user: helene,
      });
      expect(same.tags).toEqual([]);
      expect(await identityRow()).toEqual(before);
      expect(await audits('identity', '1')).toHaveLength(count);
    });

    it('refuses a stale version, naming who saved meanwhile and when, and keeps their values', async () => {
      const current = (await identityRow())!;
      const savedAt = new Date('2026-03-12T14:32:10Z');
      await updateIdentity(db, {
        expectedVersion: current.version,
        input: { ...identity, logoFileId: logo, phone: '+999 11 11 11 11' },
        user: helene,
        now: savedAt,
      });
      const saved = await identityRow();
      const error = await failure(
        updateIdentity(db, {
          expectedVersion: current.version,
          input: { ...identity, phone: '+999 22 22 22 22' },
          user: marc,
          now: new Date('2026-03-12T14:40:00Z'),
        }),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.message).toBe(
        'Hélène Diallo a enregistré l’identité de l’institut à 14:32 pendant que vous la modifiiez. ' +
          'Vos changements n’ont pas été enregistrés : rechargez la page pour voir sa version, puis refaites vos modifications.',
      );
      expect(await identityRow()).toEqual(saved);
      const own = await failure(
        updateIdentity(db, {
          expectedVersion: current.version,
          input: { ...identity, phone: '+999 33 33 33 33' },
          user: helene,
          now: new Date('2026-03-13T08:00:00Z'),
        }),
      );
      expect(own.message).toMatch(/^Vous avez enregistré l’identité de l’institut le 12 mars 2026 à 14:32 dans une autre fenêtre/);
    });

    it('checks every field with a French message under it, and writes nothing', async () => {
      const before = await identityRow();
      const error = await failure(
        updateIdentity(db, {
          expectedVersion: before!.version,
          input: {
            name: ' ',
            acronym: 'UN-SIGLE-BEAUCOUP-TROP-LONG',
            country: 'Sahelia',
            phone: 'appelez-nous',
            email: 'contact@',
            socialLinks: [
              { label: '', url: 'javascript:alert(1)' },
              { label: 'Facebook', url: 'https://facebook.example.org/inss' },
              { label: 'Encore Facebook', url: 'https://facebook.example.org/inss' },
              { label: 'Mastodon', url: 'ftp://mastodon.example.org/@inss' },
            ],
          },
          user: helene,
        }),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors).toEqual({
        name: ['Le nom de l’institut est obligatoire.'],
        acronym: ['Le sigle ne doit pas dépasser 20 caractères.'],
        phone: [
          'Téléphone : utilisez des chiffres, des espaces et au besoin un + au début, ' +
            'des points, tirets ou parenthèses (ex. +999 20 31 45 67).',
        ],
        email: ['Adresse électronique invalide : elle doit avoir la forme nom@domaine.org.'],
        'socialLinks.0.label': ['Le libellé du lien est obligatoire.'],
        'socialLinks.0.url': [
          'Adresse du lien invalide : elle doit commencer par https:// (ou http://), par exemple https://www.facebook.com/institut.',
        ],
        'socialLinks.2.url': ['Ce lien figure déjà plus haut : retirez le doublon.'],
        'socialLinks.3.url': [
          'Adresse du lien invalide : elle doit commencer par https:// (ou http://), par exemple https://www.facebook.com/institut.',
        ],
      });
      const short = await failure(
        updateIdentity(db, { expectedVersion: before!.version, input: { ...identity, phone: '12 34' }, user: helene }),
      );
      expect(short.fieldErrors).toEqual({ phone: ['Téléphone : le numéro doit compter entre 6 et 20 chiffres.'] });
      const many = Array.from({ length: 11 }, (_, i) => ({ label: `Lien ${i}`, url: `https://example.org/${i}` }));
      expect(
        (await failure(updateIdentity(db, { expectedVersion: before!.version, input: { ...identity, socialLinks: many }, user: helene })))
          .fieldErrors,
      ).toEqual({
        socialLinks: ['10 liens au plus : retirez-en un.'],
      });
      expect(await identityRow()).toEqual(before);
    });

    it('takes the links as the form sends them (JSON, blank rows dropped) and clears optional fields', async () => {
      const current = (await identityRow())!;
      const { identity: saved } = await updateIdentity(db, {
        expectedVersion: current.version,
        input: {
          ...identity,
          tagline: '',
          address: '  ',
          email: '',
          socialLinks: JSON.stringify([
            { label: ' X ', url: 'https://x.example.org/inss ' },
            { label: '', url: '' },
          ]),
        },
        user: helene,
      });
      expect(saved).toMatchObject({
        tagline: null,
        address: null,
        email: null,
        socialLinks: [{ label: 'X', url: 'https://x.example.org/inss' }],
      });
    });

    it('changes only the fields sent: an optional field not sent keeps its value, a blank one clears it', async () => {
      const current = (await identityRow())!;
      const { identity: withTagline } = await updateIdentity(db, {
        expectedVersion: current.version,
        input: { ...identity, tagline: 'Des chiffres pour décider', phone: '+999 20 31 45 67' },
        user: helene,
      });
      const withoutThem = Object.fromEntries(Object.entries(identity).filter(([key]) => key !== 'tagline' && key !== 'phone')) as Omit<
        typeof identity,
        'tagline' | 'phone'
      >;
      const { identity: kept } = await updateIdentity(db, {
        expectedVersion: withTagline.version,
        input: { ...withoutThem, address: 'Avenue de la Statistique' },
        user: helene,
      });
      expect(kept).toMatchObject({ tagline: 'Des chiffres pour décider', phone: '+999 20 31 45 67', address: 'Avenue de la Statistique' });
      const { identity: cleared } = await updateIdentity(db, {
        expectedVersion: kept.version,
        input: { ...withoutThem, tagline: '' },
        user: helene,
      });
      expect(cleared).toMatchObject({ tagline: null, phone: '+999 20 31 45 67' });
    });

    it('refuses a logo that is not an image of the library, or one reserved to connected users', async () => {
      const version = (await identityRow())!.version;
      const notImage = await failure(
        updateIdentity(db, { expectedVersion: version, input: { ...identity, logoFileId: pdf }, user: helene }),
      );
      expect(notImage).toBeInstanceOf(ValidationError);
      expect(notImage.fieldErrors?.logoFileId?.[0]).toBe(
        'Le logo doit être une image (JPEG, PNG, WebP ou GIF) : choisissez une image de la bibliothèque.',
      );
      const gone = await failure(
        updateIdentity(db, { expectedVersion: version, input: { ...identity, logoFileId: randomUUID() }, user: helene }),
      );
      expect(gone.fieldErrors?.logoFileId?.[0]).toBe('Le logo n’est plus dans la bibliothèque : choisissez-en une autre.');
      const hidden = await failure(
        updateIdentity(db, { expectedVersion: version, input: { ...identity, logoFileId: reserved }, user: helene }),
      );
      expect(hidden.fieldErrors?.logoFileId?.[0]).toMatch(/réservé aux agents connectés/);
      const invalid = await failure(
        updateIdentity(db, { expectedVersion: version, input: { ...identity, logoFileId: 'pas-un-identifiant' }, user: helene }),
      );
      expect(invalid.fieldErrors?.logoFileId).toEqual(['Logo : choisissez une image de la bibliothèque.']);
      expect((await identityRow())!.version).toBe(version);
    });

    it('stores the English name and tagline in one versioned write, audited as en.name and en.tagline; clearing removes them', async () => {
      // The French fields as the earlier tests left them cleared: put back, so only English changes below.
      const current = (await updateIdentity(db, { expectedVersion: (await identityRow())!.version, input: identity, user: marc })).identity;
      const english = { name: '  National Institute of Statistics of Sahelia ', tagline: 'Official statistics for development' };
      const { identity: saved, tags: touched } = await updateIdentity(db, {
        expectedVersion: current.version,
        input: { ...identity, en: english },
        user: marc,
      });
      expect(touched).toEqual([tags.identity]);
      expect(saved).toMatchObject({ name: identity.name, version: current.version + 1 });
      expect((await identityRow())!.translations).toEqual({
        en: { name: 'National Institute of Statistics of Sahelia', tagline: 'Official statistics for development' },
      });
      const entry = (await audits('identity', '1')).at(-1)!;
      expect(entry.summary).toBe('Identité de l’institut modifiée (nom en anglais, devise en anglais)');
      expect(entry.before).toEqual({ 'en.name': null, 'en.tagline': null });
      expect(entry.after).toEqual({
        'en.name': 'National Institute of Statistics of Sahelia',
        'en.tagline': 'Official statistics for development',
      });
      // What the form shows again, and what the public pages read.
      expect((await getIdentityForEdit(db)).en).toEqual({
        name: 'National Institute of Statistics of Sahelia',
        tagline: 'Official statistics for development',
      });
      expect((await getSiteIdentity(db))!.translations.en?.name).toBe('National Institute of Statistics of Sahelia');

      // The form sends a cleared field as blank: that translation is removed.
      const { identity: cleared } = await updateIdentity(db, {
        expectedVersion: saved.version,
        input: { ...identity, en: { name: 'National Institute of Statistics of Sahelia', tagline: '   ' } },
        user: marc,
      });
      expect(cleared.translations).toEqual({ en: { name: 'National Institute of Statistics of Sahelia' } });
      expect((await audits('identity', '1')).at(-1)).toMatchObject({
        before: { 'en.tagline': 'Official statistics for development' },
        after: { 'en.tagline': null },
      });
      // An input without `en` (a caller other than the form) leaves the English as it was (issue 30).
      const { identity: kept, tags: keptTags } = await updateIdentity(db, {
        expectedVersion: cleared.version,
        input: { ...identity, tagline: 'Chiffres officiels' },
        user: marc,
      });
      expect(keptTags).toEqual([tags.identity]);
      expect(kept).toMatchObject({
        tagline: 'Chiffres officiels',
        translations: { en: { name: 'National Institute of Statistics of Sahelia' } },
      });
      expect((await audits('identity', '1')).at(-1)!.after).toEqual({ tagline: 'Chiffres officiels' });
      // Only the English fields sent change; an explicit empty one clears.
      const { identity: taglineOnly } = await updateIdentity(db, {
        expectedVersion: kept.version,
        input: { ...identity, en: { tagline: 'Official figures' } },
        user: marc,
      });
      expect(taglineOnly.translations).toEqual({
        en: { name: 'National Institute of Statistics of Sahelia', tagline: 'Official figures' },
      });
      const { identity: none } = await updateIdentity(db, {
        expectedVersion: taglineOnly.version,
        input: { ...identity, en: { name: '', tagline: '' } },
        user: marc,
      });
      expect(none.translations).toEqual({});
      expect((await getIdentityForEdit(db)).en).toEqual({ name: '', tagline: '' });
    });

    it('refuses an English name or tagline too long, in French under its field, and writes nothing', async () => {
      const before = await identityRow();
      const count = (await audits('identity', '1')).length;
      const error = await failure(
        updateIdentity(db, {
          expectedVersion: before!.version,
          input: { ...identity, en: { name: 'N'.repeat(201), tagline: 'T'.repeat(301) } },
          user: helene,
        }),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors).toEqual({
        'en.name': ['Le nom de l’institut en anglais ne doit pas dépasser 200 caractères.'],
        'en.tagline': ['La devise en anglais ne doit pas dépasser 300 caractères.'],
      });
      expect(await identityRow()).toEqual(before);
      expect(await audits('identity', '1')).toHaveLength(count);
    });

    it('refuses a stale version for an English change too, and keeps the English name saved meanwhile', async () => {
      const current = (await identityRow())!;
      await updateIdentity(db, {
        expectedVersion: current.version,
        input: { ...identity, en: { name: 'National Institute of Statistics' } },
        user: helene,
        now: new Date('2026-03-14T09:05:00Z'),
      });
      const saved = await identityRow();
      const error = await failure(
        updateIdentity(db, {
          expectedVersion: current.version,
          input: { ...identity, en: { name: 'Sahelia Statistics Office' } },
          user: marc,
          now: new Date('2026-03-14T09:10:00Z'),
        }),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.message).toMatch(/^Hélène Diallo a enregistré l’identité de l’institut à 09:05/);
      expect(await identityRow()).toEqual(saved);
      expect(saved!.translations).toEqual({ en: { name: 'National Institute of Statistics' } });
    });

    it('exports a schema the browser runs on the same input', () => {
      const result = identityInputSchema.safeParse({
        ...identity,
        email: 'pas une adresse',
        socialLinks: [{ label: 'Site', url: 'www.example.org' }],
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['email', 'socialLinks.0.url']);
    });
  });

  describe('pages', () => {
    beforeAll(async () => {
      await db.insert(pages).values([
        { key: 'mission', title: 'Présentation de l’institut', body: '<p>Nos missions.</p>' },
        { key: 'mot_du_dg', title: 'Le mot du Directeur général', body: '<p>Chers usagers,</p>', photoFileId: photo },
      ]);
    });

    it('saves the mission with the right version, sanitized, and audits only what changed', async () => {
      const { page, tags: touched } = await updatePage(db, {
        key: 'mission',
        expectedVersion: 1,
        input: { title: 'Présentation de l’institut', body: '<h1>Missions</h1><p>Produire les statistiques officielles.</p>' },
        user: helene,
      });
      expect(page).toMatchObject({
        key: 'mission',
        body: '<h2>Missions</h2><p>Produire les statistiques officielles.</p>',
        version: 2,
        updatedBy: helene.id,
      });
      expect(touched).toEqual(pageTags('mission'));
      const [entry] = await audits('page', 'mission');
      expect(entry).toMatchObject({ action: 'page.update', userId: helene.id, summary: 'Page « Missions » modifiée' });
      expect(entry!.before).toEqual({ body: '<p>Nos missions.</p>' });
      expect(entry!.after).toEqual({ body: '<h2>Missions</h2><p>Produire les statistiques officielles.</p>' });
      expect((await getPage(db, 'mission'))?.body).toBe('<h2>Missions</h2><p>Produire les statistiques officielles.</p>');

      const again = await updatePage(db, {
        key: 'mission',
        expectedVersion: 2,
        input: { title: 'Présentation de l’institut', body: '<h2>Missions</h2><p>Produire les statistiques officielles.</p>' },
        user: marc,
      });
      expect(again).toMatchObject({ tags: [], page: { version: 2, updatedBy: helene.id } });
      expect(await audits('page', 'mission')).toHaveLength(1);
    });

    it('removes scripts, event handlers, javascript: links and svg from the body', async () => {
      const version = (await pageRow('mission'))!.version;
      const { page } = await updatePage(db, {
        key: 'mission',
        expectedVersion: version,
        input: {
          title: 'Présentation de l’institut',
          body:
            '<p>Texte<script>alert(document.cookie)</script></p><img src="x" ' +
            'onerror="alert(1)"><p><a href="javascript:alert(1)">lien</a></p>' +
            '<svg onload="alert(1)"><circle r="5"/></svg><p onclick="steal()">Fin</p>',
        },
        user: helene,
      });
      expect(page.body).toBe('<p>Texte</p><p>lien</p><p>Fin</p>');
      expect(page.body).not.toMatch(/script|onerror|onload|onclick|javascript|svg/i);
    });

    it('refuses a stale version, naming who saved meanwhile, and keeps their text', async () => {
      const version = (await pageRow('mission'))!.version;
      await updatePage(db, {
        key: 'mission',
        expectedVersion: version,
        input: { title: 'Présentation de l’institut', body: '<p>Texte d’Hélène</p>' },
        user: helene,
        now: new Date('2026-03-12T14:32:10Z'),
      });
      const saved = await pageRow('mission');
      const error = await failure(
        updatePage(db, {
          key: 'mission',
          expectedVersion: version,
          input: { title: 'Présentation', body: '<p>Texte de Marc</p>' },
          user: marc,
          now: new Date('2026-03-12T14:40:00Z'),
        }),
      );
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.message).toBe(
        'Hélène Diallo a enregistré le texte des missions à 14:32 pendant que vous le modifiiez. ' +
          'Vos changements n’ont pas été enregistrés : rechargez la page pour voir sa version, puis refaites vos modifications.',
      );
      expect(await pageRow('mission')).toEqual(saved);
      expect(saved).toMatchObject({ body: '<p>Texte d’Hélène</p>', version: version + 1 });
      // Even an unchanged text is refused when the version is stale: the form shows an old text.
      expect(
        await failure(
          updatePage(db, { key: 'mission', expectedVersion: version, input: { title: saved!.title, body: saved!.body }, user: marc }),
        ),
      ).toBeInstanceOf(ConflictError);
    });

    it('checks the title, the text and the photo with French messages, and writes nothing', async () => {
      const before = await pageRow('mot_du_dg');
      const error = await failure(
        updatePage(db, {
          key: 'mot_du_dg',
          expectedVersion: 1,
          input: { title: '', body: '<p> </p><p>&nbsp;</p>', photoFileId: pdf },
          user: helene,
        }),
      );
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.fieldErrors).toEqual({
        title: ['Le titre est obligatoire.'],
        body: ['Le texte est obligatoire : écrivez au moins une phrase.'],
      });
      // A text that is only what the sanitizer removes is empty too.
      const scriptOnly = await failure(
        updatePage(db, {
          key: 'mot_du_dg',
          expectedVersion: 1,
          input: { title: 'Le mot', body: '<script>alert(1)</script>' },
          user: helene,
        }),
      );
      expect(scriptOnly.fieldErrors).toEqual({ body: ['Le texte est obligatoire : écrivez au moins une phrase.'] });
      const notImage = await failure(
        updatePage(db, {
          key: 'mot_du_dg',
          expectedVersion: 1,
          input: { title: 'Le mot', body: '<p>Texte</p>', photoFileId: pdf },
          user: helene,
        }),
      );
      expect(notImage.fieldErrors).toEqual({
        photoFileId: ['La photo doit être une image (JPEG, PNG, WebP ou GIF) : choisissez une image de la bibliothèque.'],
      });
      expect(await pageRow('mot_du_dg')).toEqual(before);
      expect(missionInputSchema.safeParse({ title: 'x', body: '<p></p>' }).success).toBe(false);
    });

    it('saves the director’s word with a new photo, then without one', async () => {
      const newPhoto = await addFile('Nouveau portrait.webp', 'image/webp', 'webp');
      const { page } = await updatePage(db, {
        key: 'mot_du_dg',
        expectedVersion: 1,
        input: { title: 'Le mot du Directeur général', body: '<p>Chers usagers,</p>', photoFileId: newPhoto },
        user: marc,
      });
      expect(page).toMatchObject({ photoFileId: newPhoto, version: 2 });
      const entry = (await audits('page', 'mot_du_dg')).at(-1)!;
      expect(entry).toMatchObject({
        summary: 'Page « Mot du Directeur général » modifiée',
        before: { photoFileId: photo },
        after: { photoFileId: newPhoto },
      });
      expect((await getPage(db, 'mot_du_dg'))?.photo).toEqual({ id: newPhoto, name: 'Nouveau portrait.webp', width: 600, height: 800 });
      expect(await getPageForEdit(db, 'mot_du_dg')).toMatchObject({
        version: 2,
        updatedByName: 'Marc Ouédraogo',
        photo: { id: newPhoto, url: `/fichiers/${newPhoto}/Nouveau%20portrait.webp` },
      });

      const removed = await updatePage(db, {
        key: 'mot_du_dg',
        expectedVersion: 2,
        input: { title: 'Le mot du Directeur général', body: '<p>Chers usagers,</p>', photoFileId: '' },
        user: marc,
      });
      expect(removed.page.photoFileId).toBeNull();
      expect((await getPage(db, 'mot_du_dg'))?.photo).toBeNull();
    });

    it('keeps the director’s photo when the caller does not send it', async () => {
      const current = (await getPageForEdit(db, 'mot_du_dg'))!;
      const withPhoto = await updatePage(db, {
        key: 'mot_du_dg',
        expectedVersion: current.version,
        input: { title: 'Le mot du Directeur général', body: '<p>Chers usagers,</p>', photoFileId: photo },
        user: marc,
      });
      const { page } = await updatePage(db, {
        key: 'mot_du_dg',
        expectedVersion: withPhoto.page.version,
        input: { title: 'Le mot du Directeur général', body: '<p>Chers lecteurs,</p>' },
        user: marc,
      });
      expect(page).toMatchObject({ photoFileId: photo, body: '<p>Chers lecteurs,</p>' });
    });

    it('keeps the mission’s photo and an introduction’s title: their forms do not edit them', async () => {
      await db.update(pages).set({ photoFileId: photo }).where(eq(pages.key, 'mission'));
      const version = (await pageRow('mission'))!.version;
      const { page } = await updatePage(db, {
        key: 'mission',
        expectedVersion: version,
        input: { title: 'Présentation de l’institut', body: '<p>Autre texte</p>', photoFileId: null } as never,
        user: helene,
      });
      expect(page.photoFileId).toBe(photo);
    });

    it('creates an area’s introduction on its first save, then versions it', async () => {
      expect(await getPageForEdit(db, 'intro:ipc')).toMatchObject({
        key: 'intro:ipc',
        title: 'Indice des prix à la consommation',
        body: '',
        version: 0,
      });
      // An empty introduction never written: nothing to save.
      expect((await updatePage(db, { key: 'intro:ipc', expectedVersion: 0, input: { body: '<p></p>' }, user: helene })).tags).toEqual([]);
      expect(await pageRow('intro:ipc')).toBeUndefined();

      const { page, tags: touched } = await updatePage(db, {
        key: 'intro:ipc',
        expectedVersion: 0,
        input: { body: '<p>L’IPC mesure l’évolution des prix.</p>' },
        user: helene,
      });
      expect(page).toMatchObject({
        key: 'intro:ipc',
        title: 'Indice des prix à la consommation',
        body: '<p>L’IPC mesure l’évolution des prix.</p>',
        version: 1,
        updatedBy: helene.id,
      });
      expect(touched).toEqual(pageTags('intro:ipc'));
      const [entry] = await audits('page', 'intro:ipc');
      expect(entry).toMatchObject({
        action: 'page.update',
        summary: 'Introduction de la rubrique « Prix à la consommation (IPC) » créée',
        after: { body: '<p>L’IPC mesure l’évolution des prix.</p>' },
      });

      // A second form opened before the creation is stale.
      const late = await failure(updatePage(db, { key: 'intro:ipc', expectedVersion: 0, input: { body: '<p>Autre</p>' }, user: marc }));
      expect(late).toBeInstanceOf(ConflictError);
      expect(late.message).toMatch(
        new RegExp(
          '^Hélène Diallo a enregistré l’introduction de la rubrique « Prix à la consommation \\(IPC\\) » ' +
            'à \\d\\d:\\d\\d pendant que vous la modifiiez\\.',
        ),
      );

      const updated = await updatePage(db, {
        key: 'intro:ipc',
        expectedVersion: 1,
        input: { body: '<p>Nouvelle introduction.</p>' },
        user: marc,
      });
      expect(updated.page).toMatchObject({ version: 2, title: 'Indice des prix à la consommation', updatedBy: marc.id });
      // An introduction may be emptied: the area page then shows the registry's description.
      expect((await updatePage(db, { key: 'intro:ipc', expectedVersion: 2, input: { body: '' }, user: marc })).page.body).toBe('');
    });

    it('refuses keys that are not pages', async () => {
      for (const key of ['intro:inconnue', 'intro:mission', 'accueil', 'intro:']) {
        expect(
          await failure(updatePage(db, { key: key, expectedVersion: 0, input: { body: '<p>x</p>' }, user: helene })),
          key,
        ).toBeInstanceOf(NotFoundError);
      }
      expect(await failure(getPageForEdit(db, 'intro:inconnue'))).toBeInstanceOf(NotFoundError);
      expect(pageInputSchema('intro:news')).not.toBeNull();
      expect(pageInputSchema('intro:zzz')).toBeNull();
    });
  });
});
