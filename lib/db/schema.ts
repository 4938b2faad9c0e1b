/**
 * The whole content model of PRODUCT.md. Screens arrive issue by issue; the schema is designed
 * once so that later work extends it rather than reshapes it.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  customType,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A row's text in the other languages of the public site (issue 15): `{ en: { title, body… } }`,
 * the same field names as the French columns. A field missing there is shown in French, marked
 * `lang="fr"` (lib/i18n/content.ts).
 */
export type Translations<F extends string> = { en?: Partial<Record<F, string>> };
const translations = <F extends string>() => jsonb('translations').$type<Translations<F>>().notNull().default({});

export const contentStatus = pgEnum('content_status', ['draft', 'scheduled', 'published', 'archived']);
export const fileVisibility = pgEnum('file_visibility', ['public', 'restricted']);
export const releaseStatus = pgEnum('release_status', ['announced', 'confirmed', 'postponed', 'cancelled', 'published']);
export const seriesFrequency = pgEnum('series_frequency', ['monthly', 'quarterly', 'annual']);
/** What an account may do in the back-office (lib/admin/access.ts): Administrateur, Responsable de publication, Rédacteur. */
export const userRole = pgEnum('user_role', ['admin', 'publisher', 'editor']);
/** The second pair of eyes before an item goes public (lib/review): written, submitted for review, approved. */
export const reviewState = pgEnum('review_state', ['none', 'submitted', 'approved']);

/** Columns every editable, publishable item shares: life cycle, optimistic version, trash, authorship. */
const lifecycle = () => ({
  status: contentStatus('status').notNull().default('draft'),
  /** When a scheduled item goes public; for a published item, when it did. */
  publishedAt: ts('published_at'),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** Set when the item is in the trash; restoring clears it. */
  deletedAt: ts('deleted_at'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  /** Where the item stands in review (lib/review): its text changed since → `none` again. */
  review: reviewState('review').notNull().default('none'),
  /** The last person who wrote its content (creation and saves, not publishing): may not approve it. */
  editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
  /** Who submitted, approved or sent it back last, and when. */
  reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: ts('reviewed_at'),
  /** Why it was sent back to its writer, when it was. */
  reviewNote: text('review_note'),
});

// ─── People and access ────────────────────────────────────────────────────────────────────────

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** Null for accounts managed by an external provider (Supabase, upstream). */
    passwordHash: text('password_hash'),
    /** Identifier at the external provider, when there is one. */
    externalId: text('external_id'),
    active: boolean('active').notNull().default(true),
    /** Least power by default: a Rédacteur with no area (the first account is made Administrateur: lib/auth/roles.ts). */
    role: userRole('role').notNull().default('editor'),
    /** The registry's areas a Rédacteur writes in (lib/content/areas.ts); the other roles have every area. */
    areas: text('areas')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    lastSignInAt: ts('last_sign_in_at'),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    /** Absolute expiry; idle expiry is computed from last_seen_at. */
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Sign-in attempts, for rate limiting per account and per address (kept 24 h). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    /** Lower-cased email as typed (the account may not exist). */
    email: text('email').notNull(),
    ip: text('ip'),
    success: boolean('success').notNull(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.at), index('login_attempts_ip_idx').on(t.ip, t.at)],
);

export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who, as shown (name and email at the time), kept even if the account goes away. */
    actor: text('actor'),
    /** e.g. `publication.publish`, `user.sign_in`, `user.sign_in_failed`. */
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    /** Short French description shown in the back-office. */
    summary: text('summary'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [index('audit_at_idx').on(t.at), index('audit_entity_idx').on(t.entityType, t.entityId)],
);

/** Settings an administrator changes in the back-office (lib/review/settings.ts): one row per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

// ─── Institute identity and institutional pages ──────────────────────────────────────────────

export const siteIdentity = pgTable('site_identity', {
  id: integer('id').primaryKey().default(1),
  name: text('name').notNull(),
  acronym: text('acronym').notNull(),
  country: text('country').notNull(),
  tagline: text('tagline'),
  translations: translations<'name' | 'tagline'>(),
  logoFileId: uuid('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  /** `{ label, url }[]` */
  socialLinks: jsonb('social_links').$type<{ label: string; url: string }[]>().notNull().default([]),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Institutional texts (`mission`, `mot_du_dg`) and each area's introduction (`intro:{area}`). */
export const pages = pgTable('pages', {
  key: text('key').primaryKey(),
  title: text('title').notNull(),
  /** Sanitized HTML. */
  body: text('body').notNull().default(''),
  translations: translations<'title' | 'body'>(),
  photoFileId: uuid('photo_file_id').references(() => files.id, { onDelete: 'set null' }),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

// ─── Files ───────────────────────────────────────────────────────────────────────────────────

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Key in the storage driver, generated by the server; never derived from user input. */
    storageKey: text('storage_key').notNull(),
    /** Display name, editable. */
    name: text('name').notNull(),
    /** Name of the file as uploaded. */
    originalName: text('original_name').notNull(),
    /** MIME type decided from the content, not the name. */
    mime: text('mime').notNull(),
    ext: text('ext').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Resized image variants: `{ thumb: { key, width, height, size } … }`. */
    variants: jsonb('variants').$type<Record<string, { key: string; width: number; height: number; size: number; mime: string }>>(),
    visibility: fileVisibility('visibility').notNull().default('public'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    downloadCount: bigint('download_count', { mode: 'number' }).notNull().default(0),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('files_storage_key_key').on(t.storageKey), index('files_created_idx').on(t.createdAt)],
);

// ─── Publications (every publication area of the registry) ──────────────────────────────────

export const publications = pgTable(
  'publications',
  {
    id: serial('id').primaryKey(),
    /** Slug of the content area in `lib/content/areas.ts`. */
    area: text('area').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Sanitized HTML. */
    body: text('body').notNull().default(''),
    /** Human label of the period covered, e.g. « Mars 2026 », « Année 2025 ». */
    periodLabel: text('period_label'),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    coverFileId: uuid('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Area-specific fields, validated by the area's schema (a law's number, signature date…). */
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    translations: translations<'title' | 'summary' | 'body' | 'periodLabel'>(),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('publications_area_slug_key').on(t.area, t.slug),
    index('publications_area_published_idx').on(t.area, t.status, t.publishedAt),
    index('publications_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
  ],
);

export const publicationFiles = pgTable(
  'publication_files',
  {
    publicationId: integer('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    label: text('label'),
    translations: translations<'label'>(),
  },
  (t) => [primaryKey({ columns: [t.publicationId, t.fileId] }), index('publication_files_file_idx').on(t.fileId)],
);

// ─── News, events, galleries, tenders ──────────────────────────────────────────────────────

export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    body: text('body').notNull().default(''),
    coverFileId: uuid('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
    translations: translations<'title' | 'excerpt' | 'body'>(),
    ...lifecycle(),
  },
  (t) => [uniqueIndex('news_slug_key').on(t.slug), index('news_published_idx').on(t.status, t.publishedAt)],
);

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    place: text('place').notNull().default(''),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at'),
    coverFileId: uuid('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
    translations: translations<'title' | 'summary' | 'body' | 'place'>(),
    ...lifecycle(),
  },
  (t) => [uniqueIndex('events_slug_key').on(t.slug), index('events_starts_idx').on(t.startsAt)],
);

export const galleries = pgTable(
  'galleries',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Date the photos were taken (an event, a mission). */
    takenOn: date('taken_on', { mode: 'string' }),
    translations: translations<'title' | 'description'>(),
    ...lifecycle(),
  },
  (t) => [uniqueIndex('galleries_slug_key').on(t.slug)],
);

export const galleryImages = pgTable(
  'gallery_images',
  {
    id: serial('id').primaryKey(),
    galleryId: integer('gallery_id')
      .notNull()
      .references(() => galleries.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    caption: text('caption').notNull().default(''),
    alt: text('alt').notNull().default(''),
    position: integer('position').notNull().default(0),
    translations: translations<'caption' | 'alt'>(),
  },
  (t) => [index('gallery_images_gallery_idx').on(t.galleryId, t.position), index('gallery_images_file_idx').on(t.fileId)],
);

export const tenders = pgTable(
  'tenders',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    reference: text('reference').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    /** Open until this moment; closed after (derived, never stored). */
    deadlineAt: ts('deadline_at').notNull(),
    translations: translations<'title' | 'summary' | 'body'>(),
    ...lifecycle(),
  },
  (t) => [uniqueIndex('tenders_slug_key').on(t.slug), uniqueIndex('tenders_reference_key').on(t.reference)],
);

/** Press releases (« Communiqués de presse »): dated by their publication, one PDF each (`document`: hidden until published). */
export const pressReleases = pgTable(
  'press_releases',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    documentFileId: uuid('document_file_id').references(() => files.id, { onDelete: 'set null' }),
    translations: translations<'title' | 'summary' | 'body'>(),
    ...lifecycle(),
  },
  (t) => [
    uniqueIndex('press_releases_slug_key').on(t.slug),
    index('press_releases_published_idx').on(t.status, t.publishedAt),
    index('press_releases_document_idx').on(t.documentFileId),
  ],
);

export const tenderFiles = pgTable(
  'tender_files',
  {
    tenderId: integer('tender_id')
      .notNull()
      .references(() => tenders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    label: text('label'),
    translations: translations<'label'>(),
  },
  (t) => [primaryKey({ columns: [t.tenderId, t.fileId] }), index('tender_files_file_idx').on(t.fileId)],
);

// ─── Statistical series ────────────────────────────────────────────────────────────────────

export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    /** Stable code, e.g. `IPC`, `ICA_COMMERCE`. */
    code: text('code').notNull(),
    /** Area of the registry the series belongs to. */
    area: text('area').notNull(),
    label: text('label').notNull(),
    unit: text('unit').notNull(),
    basePeriod: text('base_period').notNull(),
    frequency: seriesFrequency('frequency').notNull(),
    methodology: text('methodology').notNull().default(''),
    decimals: integer('decimals').notNull().default(1),
    /** `none`, `sa` (CVS) or `sca` (CVS-CJO): lib/series/model.ts. */
    seasonalAdjustment: text('seasonal_adjustment').notNull().default('none'),
    source: text('source').notNull().default(''),
    /** Shown among its area's key figures (and the home page's, when the area is an index). */
    headline: boolean('headline').notNull().default(false),
    /** IMF indicator code for the National Summary Data Page and its SDMX-ML files (`PCPI_IX`); null when not on it. */
    imfIndicator: text('imf_indicator'),
    translations: translations<'label' | 'unit' | 'methodology' | 'source' | 'basePeriod'>(),
    /** Optimistic lock of the metadata (values are versioned in series_versions). */
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('series_code_key').on(t.code), index('series_area_idx').on(t.area)],
);

/**
 * The immutable versions of a series' values. A version holds only the observations it added or
 * changed; the series at an instant is, for each period, the value of the latest version published
 * by then. A version published in the future is the embargo: nothing of it is public before
 * `published_at`. Nothing updates a version's values once it is published.
 */
export const seriesVersions = pgTable(
  'series_versions',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per series, in publication order. */
    number: integer('number').notNull(),
    publishedAt: ts('published_at').notNull(),
    /** `revision` (scheduled) or `correction`. */
    kind: text('kind').notNull().default('revision'),
    reason: text('reason').notNull().default(''),
    /** Set once the caches were told (at once for « now », by the scheduler for a later time). */
    announcedAt: ts('announced_at'),
    /** The calendar release it comes out with: its time is the release's, and moves with it. */
    releaseId: integer('release_id').references((): AnyPgColumn => releases.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Its review (lib/review): a version is public only once approved, by someone other than `createdBy` (its writer). */
    review: reviewState('review').notNull().default('none'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    reviewNote: text('review_note'),
  },
  (t) => [
    uniqueIndex('series_versions_series_number_key').on(t.seriesId, t.number),
    index('series_versions_series_published_idx').on(t.seriesId, t.publishedAt),
    check('series_versions_kind_check', sql`${t.kind} in ('revision', 'correction')`),
  ],
);

export const observations = pgTable(
  'observations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    /** The version that published this value. */
    versionId: integer('version_id')
      .notNull()
      .references(() => seriesVersions.id, { onDelete: 'cascade' }),
    /** First day of the period observed (month, quarter or year). */
    period: date('period', { mode: 'string' }).notNull(),
    value: numeric('value', { precision: 14, scale: 4, mode: 'number' }).notNull(),
    /** SDMX OBS_STATUS code (A, P, E, B, F, I, U: lib/series/model.ts). */
    status: text('status').notNull().default('A'),
  },
  (t) => [
    uniqueIndex('observations_version_period_key').on(t.versionId, t.period),
    index('observations_series_period_idx').on(t.seriesId, t.period),
    check('observations_status_check', sql`${t.status} in ('A', 'P', 'E', 'B', 'F', 'I', 'U')`),
  ],
);

/** An import checked and previewed, waiting for its author to publish or cancel it. */
export const seriesImports = pgTable('series_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  filename: text('filename').notNull(),
  /** What was read from the file: lib/series/imports.ts StagedImport (rows and errors). */
  parsed: jsonb('parsed').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'cascade' }),
});

// ─── Advance release calendar ──────────────────────────────────────────────────────────────

export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    /** The release page's address: /calendrier/{slug}. */
    slug: text('slug').notNull(),
    area: text('area').notNull(),
    title: text('title').notNull(),
    scheduledAt: ts('scheduled_at').notNull(),
    /** `announced` is « provisionnel »: a window such as « mars 2027 » until the date is confirmed. */
    status: releaseStatus('status').notNull().default('announced'),
    /** The provisional window shown instead of the exact date (« mars 2027 »). */
    provisionalLabel: text('provisional_label'),
    /** Why a release was postponed, or its cancellation notice. */
    reason: text('reason'),
    /** Who answers questions about it. */
    contact: text('contact').notNull().default(''),
    translations: translations<'title' | 'provisionalLabel' | 'reason' | 'contact'>(),
    /** iCalendar SEQUENCE: rises on every change a subscriber should see. */
    sequence: integer('sequence').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * Its review as a whole (lib/review): it goes out at its minute only when approved and every
     * piece it carries (publications, series versions) is approved too.
     */
    review: reviewState('review').notNull().default('none'),
    /**
     * Since when the entry is on the public calendar: at once when a publisher announces it; when
     * it is first approved when a Rédacteur prepared it (null until then: the public sees nothing of it).
     */
    publicSince: ts('public_since').defaultNow(),
    /** The last person who wrote the entry (announced it, moved it, translated it): may not approve it. */
    editedBy: uuid('edited_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    reviewNote: text('review_note'),
  },
  (t) => [index('releases_scheduled_idx').on(t.scheduledAt), uniqueIndex('releases_slug_key').on(t.slug)],
);

/** The publications a release brings out: scheduled at the release's time, moved with it, one release each. */
export const releasePublications = pgTable(
  'release_publications',
  {
    releaseId: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    publicationId: integer('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.publicationId] }), uniqueIndex('release_publications_publication_key').on(t.publicationId)],
);

/** Every change of a release's date, with its reason: the public history of a release. */
export const releaseDateChanges = pgTable(
  'release_date_changes',
  {
    id: serial('id').primaryKey(),
    releaseId: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    previousAt: ts('previous_at').notNull(),
    newAt: ts('new_at').notNull(),
    reason: text('reason').notNull(),
    translations: translations<'reason'>(),
    changedAt: ts('changed_at').notNull().defaultNow(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('release_date_changes_release_idx').on(t.releaseId)],
);

// ─── Search ────────────────────────────────────────────────────────────────────────────────

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The weighted French text of a search document: title A, summary B, body C, (attached files D).
 * The typographic apostrophe is read as the ASCII one, so « l’institut » gives « institut ».
 */
const weighted = (parts: [column: string, weight: 'A' | 'B' | 'C' | 'D'][]) =>
  sql.raw(parts.map(([c, w]) => `setweight(to_tsvector('fr_search', translate(coalesce(${c}, ''), '’', '''')), '${w}')`).join(' || '));

/**
 * The text an English page searches (migration `english`): each part in English where the item has
 * it (`en_search`: unaccent, English stemmer and stop words), else in French as `weighted` reads it
 * — so an untranslated item, or an untranslated part, is still found by its French words.
 */
const weightedEnglish = (parts: [column: string, weight: 'A' | 'B' | 'C' | 'D'][]) =>
  sql.raw(
    parts
      .map(([c, w]) => {
        const fr = `to_tsvector('fr_search', translate(coalesce(${c}, ''), '’', ''''))`;
        if (c === 'doc_text') return `setweight(${fr}, '${w}')`;
        const en = `to_tsvector('en_search', translate(coalesce(${c}_en, ''), '’', ''''))`;
        return `setweight(case when coalesce(${c}_en, '') <> '' then ${en} else ${fr} end, '${w}')`;
      })
      .join(' || '),
  );

/**
 * What the search looks in: one row per item of a kind, institutional page and series, kept up to
 * date by database triggers (migration 0007) whatever writes the source row — the back-office, the
 * scheduler, the seed. Visibility is decided at query time from the copied life cycle
 * (`lib/search/query.ts`), so a scheduled item is found from its time without a write.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** A kind's name (`publications`, `news`…), `pages` or `series`. */
    source: text('source').notNull(),
    /** The item's id, the page's key or the series' code. */
    sourceId: text('source_id').notNull(),
    area: text('area').notNull(),
    slug: text('slug').notNull().default(''),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Plain text of the rich-text body. */
    body: text('body').notNull().default(''),
    /** Text extracted from the item's public attached files (never a restricted one). */
    docText: text('doc_text').notNull().default(''),
    /** The date results are sorted and filtered by (release, event start, last change). */
    date: ts('date'),
    status: contentStatus('status').notNull(),
    publishedAt: ts('published_at'),
    deletedAt: ts('deleted_at'),
    /** Title, summary and body: ranks and tiers results. */
    tsvMeta: tsvector('tsv_meta')
      .notNull()
      .generatedAlwaysAs(
        weighted([
          ['title', 'A'],
          ['summary', 'B'],
          ['body', 'C'],
        ]),
      ),
    /** Everything, attached files included: what the index matches. */
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        weighted([
          ['title', 'A'],
          ['summary', 'B'],
          ['body', 'C'],
          ['doc_text', 'D'],
        ]),
      ),
    /**
     * The item's English texts, copied by a trigger from its `translations` (migration `english`):
     * empty where it has none, and the English pages then find and show the French.
     */
    titleEn: text('title_en').notNull().default(''),
    summaryEn: text('summary_en').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    /** What English pages match: each part in English where written, in French otherwise; files' text in French. */
    tsvEn: tsvector('tsv_en')
      .notNull()
      .generatedAlwaysAs(
        weightedEnglish([
          ['title', 'A'],
          ['summary', 'B'],
          ['body', 'C'],
          ['doc_text', 'D'],
        ]),
      ),
  },
  (t) => [
    uniqueIndex('search_documents_source_key').on(t.source, t.sourceId),
    index('search_documents_tsv_idx').using('gin', t.tsv),
    index('search_documents_tsv_en_idx').using('gin', t.tsvEn),
    index('search_documents_date_idx').on(t.date),
  ],
);

/** Raised by a trigger on every change of `search_documents` (migration 0007): the key of cached results. */
export const searchGeneration = pgTable('search_generation', {
  id: integer('id').primaryKey().default(1),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/** The words of the indexed texts (unaccented, lower case): prefix completion and spelling suggestions. */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  index('search_words_prefix_idx').on(sql`${t.word} text_pattern_ops`),
]);

/** The words of the English texts (same form): English pages complete and correct from both vocabularies. */
export const searchWordsEn = pgTable('search_words_en', { word: text('word').primaryKey() }, (t) => [
  index('search_words_en_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  index('search_words_en_prefix_idx').on(sql`${t.word} text_pattern_ops`),
]);

/**
 * The text extraction queue and its results, one row per uploaded document (PDF, XLSX, CSV):
 * `pending` until a worker takes it (`lib/search/extraction.ts`), then `done` (text found),
 * `empty` (no text: a scanned PDF), `failed` (unreadable, too large, timed out after the last try).
 */
export const fileTexts = pgTable(
  'file_texts',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => files.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    text: text('text').notNull().default(''),
    pages: integer('pages'),
    attempts: integer('attempts').notNull().default(0),
    /** Not retried before this time (backoff after a failure). */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** Set while a worker holds it; a crashed worker's claim expires. */
    lockedUntil: ts('locked_until'),
    error: text('error'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('file_texts_queue_idx').on(t.status, t.nextAttemptAt),
    check('file_texts_status_check', sql`${t.status} in ('pending', 'done', 'empty', 'failed')`),
  ],
);

/**
 * The shared record of cache tag expiries (lib/cache/tag-store.ts): one row per tag, raised by every
 * write that expires it, so that each app instance, and each instance after a restart, drops the
 * cached entries written before (`seq` orders the changes, `revalidated_at` dates them).
 */
export const cacheTags = pgTable(
  'cache_tags',
  {
    tag: text('tag').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    revalidatedAt: ts('revalidated_at').notNull().defaultNow(),
  },
  (t) => [index('cache_tags_revalidated_at_idx').on(t.revalidatedAt)],
);
