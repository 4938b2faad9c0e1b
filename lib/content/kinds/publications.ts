/**
 * Publications, the kind of every publication area of the registry (indices, yearbooks, reports,
 * laws…): what the kind is (see `Kind`). The input's `area` — or, when saving, the stored one —
 * picks the schema of the area's own fields; slugs are unique within an area.
 */
import { eq } from 'drizzle-orm';
import { publicationTags } from '@/lib/cache/tags';
import { areaFieldsSchema, getArea, type Area } from '@/lib/content/areas';
import { sanitizeRichText } from '@/lib/content/html';
import { englishValues } from '@/lib/content/editing/values';
import { storedTranslations } from '@/lib/content/mutations/translations';
import { attachmentsForEdit, fileForEdit, ownedAttachments } from '@/lib/content/mutations/items';
import { filesOfPublications } from '@/lib/content/queries/files';
import { detailColumns, pendingReleaseOf } from '@/lib/content/queries/publications';
import { publicationUrl } from '@/lib/content/addresses';
import { publicationFiles, publications } from '@/lib/db/schema';
import { ValidationError } from '@/lib/errors';
import { defineKind, filingYear } from './kind';
import { z } from 'zod';
import { formBody, formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import {
  attachmentList,
  coverField,
  isoDate,
  optionalDate,
  optionalText,
  plainText,
  richText,
  slugField,
  titleField,
} from '@/lib/content/schemas/common';
import { englishFields, englishRichText, englishText } from '@/lib/content/schemas/translations';

// ─── Its edit form: fields and schema (the server hands the fields to the browser form) ───

/** The area's own fields (French messages come from the registry's `areaFieldsSchema`); absent means none given. */
function areaFieldsInput(area: Area) {
  // `prefault`: an absent value is parsed as `{}`, so missing required fields are still reported.
  return areaFieldsSchema(area)
    .prefault({})
    .transform((v) => v as Record<string, unknown>);
}

/**
 * The fields of a publication form for one area, with French messages; the area's own fields
 * (`areaFieldsSchema`) are checked under `fields`. Sanitizing the body and checking that the slug
 * and files are available need the server and happen there.
 */
export function publicationInputSchema(area: Area) {
  return z
    .object({
      title: titleField('Le titre'),
      slug: slugField(),
      summary: plainText(2000, 'Le résumé'),
      body: richText('Le texte'),
      periodLabel: optionalText(100, 'Période'),
      periodStart: optionalDate('Début de la période'),
      periodEnd: optionalDate('Fin de la période'),
      coverFileId: coverField(),
      files: attachmentList(100),
      fields: areaFieldsInput(area),
      en: englishFields({
        title: englishText(300, 'Le titre'),
        summary: englishText(2000, 'Le résumé'),
        periodLabel: englishText(100, 'La période couverte'),
        body: englishRichText('Le texte'),
      }),
    })
    .refine((v) => !v.periodStart || !v.periodEnd || v.periodEnd >= v.periodStart, {
      message: 'La fin de la période doit être égale ou postérieure à son début.',
      path: ['periodEnd'],
      // Checked even when other fields have errors, so the form shows every problem at once.
      when: ({ value }) => {
        const v = value as { periodStart?: unknown; periodEnd?: unknown } | undefined;
        return isoDate.safeParse(v?.periodStart).success && isoDate.safeParse(v?.periodEnd).success;
      },
    });
}

/** What a form sends for a publication. */
export type PublicationInput = z.input<ReturnType<typeof publicationInputSchema>>;
/** The same, checked and normalised. */
export type PublicationValues = z.output<ReturnType<typeof publicationInputSchema>>;

const title = formTitle();
const summary: FormField = {
  name: 'summary',
  label: 'Résumé',
  type: 'textarea',
  max: 2000,
  hint: 'Affiché dans les listes et en tête de la page.',
};
const periodLabel: FormField = {
  name: 'periodLabel',
  label: 'Période couverte',
  type: 'text',
  max: 100,
  hint: 'Par exemple « Octobre 2026 » ou « Année 2025 ».',
};
const body = formBody();

/** The publication form (an area's own fields are added under `fields.*` by `formFields`). */
export const publicationForm: KindForm = {
  fields: [
    title,
    formSlug,
    summary,
    periodLabel,
    { name: 'periodStart', label: 'Début de la période', type: 'date' },
    { name: 'periodEnd', label: 'Fin de la période', type: 'date' },
    body,
    { name: 'files', label: 'Fichiers à télécharger', type: 'attachments' },
    { name: 'coverFileId', label: 'Image de couverture', type: 'image' },
    ...formEnglish([title, summary, periodLabel, body]),
  ],
  schema: (area) => publicationInputSchema(area),
};

export type Publication = typeof publications.$inferSelect;

/** The publication area a form names, or a French `ValidationError` on `area`. */
function publicationArea(slug: unknown): Area {
  const area = typeof slug === 'string' ? getArea(slug) : undefined;
  if (!area || area.kind !== 'publications') {
    const message = 'Cette rubrique n’existe pas ou ne contient pas de publications.';
    throw new ValidationError(message, { area: [message] });
  }
  return area;
}

/** A publication's checked values and the area they are for (whose own fields they carry). */
type AreaValues = PublicationValues & { area: string };

const attachments = ownedAttachments<AreaValues, typeof publicationFiles>(publicationFiles, 'publicationId');

export const publicationKind = defineKind({
  name: 'publications',
  table: publications,
  entity: 'publication',
  words: {
    noun: 'Publication',
    plural: 'Publications',
    this: 'cette publication',
    pronoun: 'la',
    feminine: true,
    en: { noun: 'Publication', plural: 'Publications' },
  },
  area: { column: publications.area, key: 'area', label: 'cette rubrique' },
  tags: (row) => publicationTags(row),
  async heldBy(db, id) {
    const release = await pendingReleaseOf(db, id);
    return release
      ? `Cette publication sort avec la parution « ${release.title} » : elle sera en ligne à l’heure de ` +
          'la parution. Pour changer sa date, changez celle de la parution ou retirez-la de la parution.'
      : null;
  },

  form: publicationForm,
  schema(input, current) {
    const given = (input as { area?: unknown } | null)?.area;
    const area = publicationArea(given === undefined ? current?.area : given);
    return publicationInputSchema(area).transform((v): AreaValues => ({ ...v, area: area.slug }));
  },
  columns: (v) => ({
    area: v.area,
    title: v.title,
    summary: v.summary,
    body: sanitizeRichText(v.body),
    periodLabel: v.periodLabel,
    periodStart: v.periodStart,
    periodEnd: v.periodEnd,
    coverFileId: v.coverFileId,
    fields: v.fields,
    translations: storedTranslations(v.en, ['body']),
  }),
  fileRefs: (v) => ({ attachments: v.files.map((f) => f.fileId) }),
  fileColumns: [{ field: 'coverFileId', column: publications.coverFileId, role: 'cover', of: (v) => v.coverFileId }],
  owned: attachments,

  adminList: { yearOf: filingYear(publications), search: [publications.title] },
  publicUrl: publicationUrl,
  async editValues(db, row) {
    const [files, cover] = await Promise.all([attachmentsForEdit(db, attachments, row.id), fileForEdit(db, row.coverFileId)]);
    return {
      title: row.title,
      slug: row.slug,
      summary: row.summary,
      body: row.body,
      periodLabel: row.periodLabel ?? '',
      periodStart: row.periodStart ?? '',
      periodEnd: row.periodEnd ?? '',
      coverFileId: cover,
      files,
      ...englishValues(row.translations),
      ...Object.fromEntries(Object.entries(row.fields).map(([k, v]) => [`fields.${k}`, v === null || v === undefined ? '' : String(v)])),
    };
  },
  /** The public detail shape, dated `now` when it has no release date yet. */
  async preview(db, id, now) {
    const [row] = await db
      .select({ ...detailColumns, status: publications.status, deletedAt: publications.deletedAt })
      .from(publications)
      .where(eq(publications.id, id))
      .limit(1);
    if (!row) return null;
    const attached = await filesOfPublications(db, [id]);
    return { ...row, publishedAt: row.publishedAt ?? now, files: attached.get(id) ?? [] };
  },
});
