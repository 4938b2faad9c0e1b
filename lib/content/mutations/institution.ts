/**
 * Writing the institute's identity (name, acronym, logo, contacts, social links) and its pages:
 * the two institutional texts (`mission`, `mot_du_dg`) and each area's introduction
 * (`intro:{area}`). Versioned like every content (a stale save names who saved meanwhile and
 * writes nothing), audited with the changed fields only, rich text sanitized; each write returns
 * the cache tags the caller invalidates. Plus the reads of the edit forms. Plain `(db, …)`
 * functions: no Next imports, tested against PGlite and Postgres.
 */
import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { writeAudit } from '@/lib/audit/write';
import type { SessionUser } from '@/lib/auth/types';
import { pageTags, tags } from '@/lib/cache/tags';
import { area as registryArea } from '@/lib/content/areas';
import type { ChosenFile } from '@/lib/content/editing/values';
import { sanitizeRichText } from '@/lib/content/html';
import {
  hasRichContent,
  identityInputSchema,
  introArea,
  pageInputSchema,
  type IdentityInput,
  type IdentityValues,
  type PageInput,
} from '@/lib/content/schemas/institution';
import type { Db } from '@/lib/db/open';
import { files, pages, siteIdentity, users } from '@/lib/db/schema';
import { NotFoundError, ValidationError, type FieldErrors } from '@/lib/errors';
import { parseOrThrow } from '@/lib/validation';
import { fileForEdit } from './items';
import { englishAudit, englishChanges, mergedTranslations } from './translations';
import { conflictError, type WriteOptions } from './lifecycle';
import { currentTime } from '@/lib/clock';

export type IdentityRow = typeof siteIdentity.$inferSelect;
export type PageRow = typeof pages.$inferSelect;

/** A library image as the forms show it. */

/** How messages name what is being edited: « l’identité de l’institut »… and its pronoun. */
type Words = { this: string; pronoun: 'le' | 'la' };

const identityWords: Words = { this: 'l’identité de l’institut', pronoun: 'la' };

// ─── Shared checks ─────────────────────────────────────────────────────────────────────────

/** Refuses image fields whose file is not (or no longer) an image of the library (French, per field). */
async function checkImages(db: Db, chosen: Record<string, { id: string | null | undefined; label: string }>) {
  const ids = [...new Set(Object.values(chosen).flatMap((c) => (c.id ? [c.id] : [])))];
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: files.id, mime: files.mime, visibility: files.visibility, deletedAt: files.deletedAt })
    .from(files)
    .where(inArray(files.id, ids));
  const found = new Map(rows.filter((r) => !r.deletedAt).map((r) => [r.id, r]));
  const fieldErrors: FieldErrors = {};
  for (const [field, { id, label }] of Object.entries(chosen)) {
    if (!id) continue;
    const file = found.get(id);
    if (!file) fieldErrors[field] = [`${label} n’est plus dans la bibliothèque : choisissez-en une autre.`];
    else if (!file.mime.startsWith('image/'))
      fieldErrors[field] = [`${label} doit être une image (JPEG, PNG, WebP ou GIF) : choisissez une image de la bibliothèque.`];
    // Shown on public pages: a file reserved to connected users would be a broken image there.
    else if (file.visibility === 'restricted')
      fieldErrors[field] = [
        `${label} est un fichier réservé aux agents connectés, que les visiteurs ne verraient pas : choisissez une image publique.`,
      ];
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  if (first) throw new ValidationError(first, fieldErrors);
}

/** The keys whose values differ, with their values before and after. */
function diff<K extends string>(keys: readonly K[], before: Partial<Record<K, unknown>>, after: Partial<Record<K, unknown>>) {
  const changed: K[] = [];
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of keys) {
    if (after[key] === undefined || isDeepStrictEqual(before[key] ?? null, after[key])) continue;
    changed.push(key);
    was[key] = before[key] ?? null;
    now[key] = after[key];
  }
  return { changed, before: was, after: now };
}

async function nameOf(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

// ─── Identity ──────────────────────────────────────────────────────────────────────────────

const identityKeys = ['name', 'acronym', 'country', 'tagline', 'logoFileId', 'address', 'phone', 'email', 'socialLinks'] as const;
type IdentityKey = (typeof identityKeys)[number];

/** French names of the identity's fields, for the audit summary. */
const identityLabels: Record<IdentityKey | `en.${'name' | 'tagline'}`, string> = {
  name: 'nom',
  acronym: 'sigle',
  country: 'pays',
  tagline: 'devise',
  logoFileId: 'logo',
  address: 'adresse',
  phone: 'téléphone',
  email: 'adresse électronique',
  socialLinks: 'réseaux sociaux',
  'en.name': 'nom en anglais',
  'en.tagline': 'devise en anglais',
};

async function identitySavedBy(db: Db) {
  const [row] = await db
    .select({ updatedAt: siteIdentity.updatedAt, updatedBy: siteIdentity.updatedBy, name: users.name })
    .from(siteIdentity)
    .leftJoin(users, eq(users.id, siteIdentity.updatedBy))
    .where(eq(siteIdentity.id, 1))
    .limit(1);
  return row;
}

/** Whether a caller sent this field (a blank value is sent: it clears the field). */
const wasSent = (input: unknown, key: string) =>
  typeof input === 'object' && input !== null && (input as Record<string, unknown>)[key] !== undefined;

/** The checked values of the fields the caller sent. */
function onlySent<V extends Record<string, unknown>>(values: V, input: unknown): Partial<V> {
  return Object.fromEntries(Object.entries(values).filter(([key]) => wasSent(input, key))) as Partial<V>;
}

export type IdentityResult = { identity: IdentityRow; tags: string[] };

/**
 * Saves the identity form, if nobody saved it since it was loaded (`expectedVersion`; 0 when the
 * identity did not exist yet, which creates it at version 1). Otherwise nothing is written and a
 * `ConflictError` names who saved it and when. The logo must be an image of the library; the
 * fields are checked by `identityInputSchema` (French field errors). The optional English name and
 * tagline (`en.name`, `en.tagline`; blank clears one, one not sent — or no `en` at all — is
 * kept as it was) are stored in `translations` in the same write. The audit entry
 * (`identity.update`) keeps the changed fields only (English ones as `en.*`); with no change,
 * nothing is written and no tag returned. The identity shows on every page (header, footer,
 * metadata): every read of it is tagged `identity`, the one tag returned.
 */
export async function updateIdentity(
  db: Db,
  {
    expectedVersion,
    input,
    user,
    ip,
    now = currentTime(),
  }: { expectedVersion: number; input: IdentityInput; user: SessionUser } & WriteOptions,
): Promise<IdentityResult> {
  const { en, ...checked }: IdentityValues = parseOrThrow(identityInputSchema, input);
  const [current] = await db.select().from(siteIdentity).where(eq(siteIdentity.id, 1)).limit(1);
  // Only the fields sent change: an optional field not sent keeps its value (a blank one clears it).
  const values = current ? onlySent(checked, input) : checked;
  if (values.logoFileId !== undefined) await checkImages(db, { logoFileId: { id: values.logoFileId, label: 'Le logo' } });
  // Only the English fields sent change: an input without `en` leaves the English as it was.
  const translations = mergedTranslations(current?.translations, en);
  const french = diff(identityKeys, current ?? {}, values);
  // English fields are audited beside the French ones (`en.name`, `en.tagline`).
  const english = englishChanges(current?.translations, translations);
  const englishChanged = Object.keys(english.after) as `en.${'name' | 'tagline'}`[];
  const change = {
    changed: [...french.changed, ...englishChanged],
    before: { ...french.before, ...english.before },
    after: { ...french.after, ...english.after },
  };
  const summary = `Identité de l’institut modifiée (${change.changed.map((k) => identityLabels[k]).join(', ')})`;

  if (!current) {
    if (expectedVersion !== 0) throw new NotFoundError('L’identité de l’institut n’existe plus : rechargez la page.');
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(siteIdentity)
        .values({ id: 1, ...checked, translations, version: 1, updatedAt: now, updatedBy: user.id })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflictError((await identitySavedBy(tx))!, identityWords, user, now);
      await writeAudit(tx, { user, action: 'identity.update', entityType: 'identity', entityId: 1, summary, after: change.after, ip });
      return { identity: created, tags: [tags.identity] };
    });
  }

  if (change.changed.length === 0) {
    if (current.version !== expectedVersion) throw conflictError((await identitySavedBy(db))!, identityWords, user, now);
    return { identity: current, tags: [] };
  }

  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(siteIdentity)
      .set({ ...values, translations, version: sql`${siteIdentity.version} + 1`, updatedAt: now, updatedBy: user.id })
      .where(and(eq(siteIdentity.id, 1), eq(siteIdentity.version, expectedVersion)))
      .returning();
    if (!updated) throw conflictError((await identitySavedBy(tx))!, identityWords, user, now);
    await writeAudit(tx, {
      user,
      action: 'identity.update',
      entityType: 'identity',
      entityId: 1,
      summary,
      before: change.before,
      after: change.after,
      ip,
    });
    return { identity: updated, tags: [tags.identity] };
  });
}

export type IdentityForEdit = {
  name: string;
  acronym: string;
  country: string;
  tagline: string;
  address: string;
  phone: string;
  email: string;
  socialLinks: { label: string; url: string }[];
  logo: ChosenFile | null;
  /** The English name and tagline, each '' when not translated. */
  en: { name: string; tagline: string };
  /** 0 when the identity does not exist yet (the first save creates it). */
  version: number;
  updatedAt: Date | null;
  updatedByName: string | null;
};

/** The identity as its form edits it (empty values and version 0 before the first save). */
export async function getIdentityForEdit(db: Db): Promise<IdentityForEdit> {
  const [row] = await db.select().from(siteIdentity).where(eq(siteIdentity.id, 1)).limit(1);
  if (!row) {
    return {
      name: '',
      acronym: '',
      country: '',
      tagline: '',
      address: '',
      phone: '',
      email: '',
      socialLinks: [],
      logo: null,
      en: { name: '', tagline: '' },
      version: 0,
      updatedAt: null,
      updatedByName: null,
    };
  }
  const [logo, updatedByName] = await Promise.all([fileForEdit(db, row.logoFileId), nameOf(db, row.updatedBy)]);
  return {
    name: row.name,
    acronym: row.acronym,
    country: row.country,
    tagline: row.tagline ?? '',
    address: row.address ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
    socialLinks: row.socialLinks,
    logo,
    en: { name: row.translations.en?.name ?? '', tagline: row.translations.en?.tagline ?? '' },
    version: row.version,
    updatedAt: row.updatedAt,
    updatedByName,
  };
}

// ─── Pages ─────────────────────────────────────────────────────────────────────────────────

/** What a page key designates: its words, its default title, and which fields its form edits. */
type PageTarget = { key: string; words: Words; defaultTitle: string; subject: string; editsTitle: boolean; editsPhoto: boolean };

function pageTarget(key: string): PageTarget {
  if (key === 'mission') {
    return {
      key,
      words: { this: 'le texte des missions', pronoun: 'le' },
      defaultTitle: registryArea('mission').label,
      subject: 'Page « Missions »',
      editsTitle: true,
      editsPhoto: false,
    };
  }
  if (key === 'accessibilite') {
    return {
      key,
      words: { this: 'la déclaration d’accessibilité', pronoun: 'la' },
      defaultTitle: registryArea('accessibilite').label,
      subject: 'Page « Déclaration d’accessibilité »',
      editsTitle: true,
      editsPhoto: false,
    };
  }
  if (key === 'mot_du_dg') {
    return {
      key,
      words: { this: 'le mot du Directeur général', pronoun: 'le' },
      defaultTitle: registryArea('mot_du_dg').label,
      subject: 'Page « Mot du Directeur général »',
      editsTitle: true,
      editsPhoto: true,
    };
  }
  const area = introArea(key);
  if (!area) throw new NotFoundError('Cette page n’existe pas : rechargez la page de l’administration.');
  return {
    key,
    words: { this: `l’introduction de la rubrique « ${area.menuLabel} »`, pronoun: 'la' },
    defaultTitle: area.label,
    subject: `Introduction de la rubrique « ${area.menuLabel} »`,
    editsTitle: false,
    editsPhoto: false,
  };
}

const pageKeys = ['title', 'body', 'photoFileId'] as const;

async function pageSavedBy(db: Db, key: string) {
  const [row] = await db
    .select({ updatedAt: pages.updatedAt, updatedBy: pages.updatedBy, name: users.name })
    .from(pages)
    .leftJoin(users, eq(users.id, pages.updatedBy))
    .where(eq(pages.key, key))
    .limit(1);
  return row;
}

export type PageResult = { page: PageRow; tags: string[] };

/**
 * Saves an institutional text (`mission`, `mot_du_dg`: title, body, and the director's photo) or
 * an area's introduction (`intro:{area}`: body only), if nobody saved it since it was loaded
 * (`expectedVersion`). A page that does not exist yet (an area's introduction never written) is
 * created at version 1 when `expectedVersion` is 0. Otherwise nothing is written and a
 * `ConflictError` names who saved it and when. The body is sanitized; the photo must be an image
 * of the library. The optional English version (`en.title`, `en.body`; the body only for an
 * introduction) is stored in `translations` in the same write, its body sanitized likewise; a blank
 * field clears its translation, a field not sent (or no `en` at all) keeps it. The
 * audit entry (`page.update`) keeps the changed fields only (English ones as `en.*`); with no change,
 * nothing is written and no tag returned. Unknown key → `NotFoundError`.
 */
export async function updatePage(
  db: Db,
  {
    key,
    expectedVersion,
    input,
    user,
    ip,
    now = currentTime(),
  }: { key: string; expectedVersion: number; input: PageInput; user: SessionUser } & WriteOptions,
): Promise<PageResult> {
  const target = pageTarget(key);
  const values = parseOrThrow(pageInputSchema(key)!, input);
  // A text with nothing to read (empty paragraphs left by the editor) is stored empty: the area
  // page then shows the registry's description rather than a blank introduction.
  const sanitized = sanitizeRichText(values.body);
  const body = hasRichContent(sanitized) ? sanitized : '';
  // The schema checked the text as typed; what remains after sanitizing must still say something.
  if (target.editsTitle && body === '' && wasSent(input, 'body')) {
    const message = 'Le texte est obligatoire : écrivez au moins une phrase.';
    throw new ValidationError(message, { body: [message] });
  }
  if (target.editsPhoto && wasSent(input, 'photoFileId'))
    await checkImages(db, { photoFileId: { id: values.photoFileId, label: 'La photo' } });

  const [current] = await db.select().from(pages).where(eq(pages.key, key)).limit(1);
  // The English text: an introduction has no English title (the area's name is translated with the
  // site). Only the English fields sent change: an input without `en` leaves the English as it was.
  const en = values.en && (target.editsTitle ? values.en : { body: values.en.body });
  const translations = mergedTranslations(current?.translations, en, ['body']);
  // Only the fields sent change: a text or photo not sent keeps its value (a blank one clears it).
  const stored = {
    title: target.editsTitle ? values.title! : (current?.title ?? target.defaultTitle),
    body: current && !wasSent(input, 'body') ? current.body : body,
    ...(target.editsPhoto
      ? { photoFileId: current && !wasSent(input, 'photoFileId') ? current.photoFileId : (values.photoFileId ?? null) }
      : {}),
  };
  const french = diff(pageKeys, current ?? { title: target.defaultTitle, body: '', photoFileId: null }, stored);
  // English fields are audited beside the French ones (`en.title`, `en.body`).
  const english = englishChanges(current?.translations, translations);
  const englishChanged = Object.keys(english.after);
  const change = {
    changed: [...french.changed, ...englishChanged],
    before: { ...french.before, ...english.before },
    after: { ...french.after, ...english.after },
  };

  if (!current) {
    if (expectedVersion !== 0) throw new NotFoundError('Cette page n’existe plus : rechargez la page de l’administration.');
    // Saving an empty introduction that was never written changes nothing on the site.
    if (change.changed.length === 0) {
      return {
        page: { key, ...stored, photoFileId: stored.photoFileId ?? null, translations, version: 0, updatedAt: now, updatedBy: null },
        tags: [],
      };
    }
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(pages)
        .values({ key, ...stored, translations, version: 1, updatedAt: now, updatedBy: user.id })
        .onConflictDoNothing()
        .returning();
      if (!created) throw conflictError((await pageSavedBy(tx, key))!, target.words, user, now);
      await writeAudit(tx, {
        user,
        action: 'page.update',
        entityType: 'page',
        entityId: key,
        summary: `${target.subject} créée`,
        after: { ...stored, ...englishAudit(translations) },
        ip,
      });
      return { page: created, tags: pageTags(key) };
    });
  }

  if (change.changed.length === 0) {
    if (current.version !== expectedVersion) throw conflictError((await pageSavedBy(db, key))!, target.words, user, now);
    return { page: current, tags: [] };
  }

  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(pages)
      .set({ ...stored, translations, version: sql`${pages.version} + 1`, updatedAt: now, updatedBy: user.id })
      .where(and(eq(pages.key, key), eq(pages.version, expectedVersion)))
      .returning();
    if (!updated) throw conflictError((await pageSavedBy(tx, key))!, target.words, user, now);
    await writeAudit(tx, {
      user,
      action: 'page.update',
      entityType: 'page',
      entityId: key,
      summary: `${target.subject} modifiée`,
      before: change.before,
      after: change.after,
      ip,
    });
    return { page: updated, tags: pageTags(key) };
  });
}

export type PageForEdit = {
  key: string;
  title: string;
  body: string;
  /** The English version, each field '' when not translated. */
  en: { title: string; body: string };
  photo: ChosenFile | null;
  /** 0 when the page does not exist yet (the first save creates it). */
  version: number;
  updatedAt: Date | null;
  updatedByName: string | null;
};

/** A page as its form edits it (the registry's title, an empty body and version 0 before the first save); unknown key → `NotFoundError`. */
export async function getPageForEdit(db: Db, key: string): Promise<PageForEdit> {
  const target = pageTarget(key);
  const [row] = await db.select().from(pages).where(eq(pages.key, key)).limit(1);
  if (!row)
    return {
      key,
      title: target.defaultTitle,
      body: '',
      en: { title: '', body: '' },
      photo: null,
      version: 0,
      updatedAt: null,
      updatedByName: null,
    };
  const [photo, updatedByName] = await Promise.all([fileForEdit(db, row.photoFileId), nameOf(db, row.updatedBy)]);
  const en = { title: row.translations.en?.title ?? '', body: row.translations.en?.body ?? '' };
  return { key, title: row.title, body: row.body, en, photo, version: row.version, updatedAt: row.updatedAt, updatedByName };
}
