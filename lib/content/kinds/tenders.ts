/** Tenders (calls for bids): what the kind is (see `Kind`). Two tenders never share a reference; a tender shows on `/offres`. */
import { eq } from 'drizzle-orm';
import { kindTags } from '@/lib/cache/tags';
import { getArea } from '@/lib/content/areas';
import { englishValues, toDateTimeInput } from '@/lib/content/editing/values';
import { sanitizeRichText } from '@/lib/content/html';
import { storedTranslations } from '@/lib/content/mutations/translations';
import { ownedAttachments, attachmentsForEdit } from '@/lib/content/mutations/items';
import { listTenders, tenderColumns, withTenderFiles } from '@/lib/content/queries/tenders';
import { tenderFiles, tenders } from '@/lib/db/schema';
import { defineKind, filingYear } from './kind';
import { tenderForm, tenderInputSchema, type TenderValues } from './tenders.form';

const attachments = ownedAttachments<TenderValues, typeof tenderFiles>(tenderFiles, 'tenderId');

export const tenderKind = defineKind({
  name: 'tenders',
  table: tenders,
  entity: 'tender',
  words: {
    noun: 'Appel d’offres',
    plural: 'Appels d’offres',
    this: 'cet appel d’offres',
    pronoun: 'le',
    feminine: false,
    en: { noun: 'Call for tenders', plural: 'Calls for tenders' },
  },
  area: { slug: 'offres' },
  tags: (row) => kindTags('tenders', row, { itemPages: false }),

  form: tenderForm,
  schema: () => tenderInputSchema,
  columns: (v) => ({
    reference: v.reference,
    title: v.title,
    summary: v.summary,
    body: sanitizeRichText(v.body),
    deadlineAt: v.deadlineAt,
    translations: storedTranslations(v.en, ['body']),
  }),
  fileRefs: (v) => ({ attachments: v.files.map((f) => f.fileId) }),
  owned: attachments,
  unique: [{ key: 'reference', label: 'La référence', another: 'une autre référence' }],

  // A tender is also looked up by its reference.
  adminList: { yearOf: filingYear(tenders), search: [tenders.title, tenders.reference] },
  publicUrl: () => getArea('offres')?.publicPath ?? null,
  editValues: async (db, row) => ({
    reference: row.reference,
    title: row.title,
    slug: row.slug,
    deadlineAt: toDateTimeInput(row.deadlineAt),
    summary: row.summary,
    body: row.body,
    files: await attachmentsForEdit(db, attachments, row.id),
    ...englishValues(row.translations),
  }),
  /** Open or closed as of `now`, dated `now` when it has no release date yet. */
  async preview(db, id, now) {
    const [row] = await db
      .select({ ...tenderColumns, status: tenders.status, deletedAt: tenders.deletedAt })
      .from(tenders)
      .where(eq(tenders.id, id))
      .limit(1);
    if (!row) return null;
    const [tender] = await withTenderFiles(db, [{ ...row, publishedAt: row.publishedAt ?? now }], now);
    return tender ? { ...tender, area: 'offres' } : null;
  },
  site: { list: (db, { now }) => listTenders(db, { now }) },
});
