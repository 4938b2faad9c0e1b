/** Press releases (« Communiqués de presse »): what the kind is (see `Kind`). Listed on `/communiques`, newest first, each with its PDF. */
import { desc, eq } from 'drizzle-orm';
import { kindTags } from '@/lib/cache/tags';
import { getArea } from '@/lib/content/areas';
import { englishValues } from '@/lib/content/editing/values';
import { sanitizeRichText } from '@/lib/content/html';
import { fileForEdit } from '@/lib/content/mutations/items';
import { storedTranslations } from '@/lib/content/mutations/translations';
import { withDocumentFiles } from '@/lib/content/queries/files';
import { isPublic } from '@/lib/content/queries/visibility';
import type { Db } from '@/lib/db/open';
import { pressReleases } from '@/lib/db/schema';
import { defineKind, filingYear } from './kind';
import { pressReleaseForm, pressReleaseInputSchema } from './press-releases.form';

const t = pressReleases;
const columns = {
  id: t.id,
  title: t.title,
  summary: t.summary,
  body: t.body,
  publishedAt: t.publishedAt,
  translations: t.translations,
  documentFileId: t.documentFileId,
};

/** Rows as the card shows them (`ItemCard`): dated (`now` for a preview never published), their PDF as their one file. */
async function cards<R extends { publishedAt: Date | null; documentFileId: string | null }>(db: Db, rows: R[], now: Date) {
  return (await withDocumentFiles(db, rows)).map(({ document, ...r }) => ({
    ...r,
    publishedAt: r.publishedAt ?? now,
    files: document ? [{ ...document, label: 'Communiqué (PDF)', translations: { en: { label: 'Press release (PDF)' } } }] : [],
  }));
}

export const pressReleaseKind = defineKind({
  name: 'press-releases',
  table: pressReleases,
  entity: 'pressrelease',
  words: {
    noun: 'Communiqué de presse',
    plural: 'Communiqués de presse',
    this: 'ce communiqué de presse',
    pronoun: 'le',
    feminine: false,
    empty: 'Aucun communiqué de presse publié pour le moment.',
    en: { noun: 'Press release', plural: 'Press releases', empty: 'No press releases published yet.' },
  },
  area: { slug: 'communiques' },
  tags: (row) => kindTags('press-releases', row, { itemPages: false }),

  form: pressReleaseForm,
  schema: () => pressReleaseInputSchema,
  columns: (v) => ({
    title: v.title,
    summary: v.summary,
    body: sanitizeRichText(v.body),
    documentFileId: v.documentFileId,
    translations: storedTranslations(v.en, ['body']),
  }),
  fileRefs: () => ({}),
  // One PDF, served to visitors once the release is public (lib/files/library.ts).
  fileColumns: [
    { field: 'documentFileId', column: pressReleases.documentFileId, role: 'document', types: ['pdf'], of: (v) => v.documentFileId },
  ],

  adminList: { yearOf: filingYear(pressReleases), search: [pressReleases.title] },
  publicUrl: () => getArea('communiques')?.publicPath ?? null,
  editValues: async (db, row) => ({
    title: row.title,
    slug: row.slug,
    summary: row.summary,
    body: row.body,
    documentFileId: await fileForEdit(db, row.documentFileId),
    ...englishValues(row.translations),
  }),
  async preview(db, id, now) {
    const [row] = await db
      .select({ ...columns, status: t.status, deletedAt: t.deletedAt })
      .from(t)
      .where(eq(t.id, id))
      .limit(1);
    if (!row) return null;
    const [item] = await cards(db, [row], now);
    return item ? { ...item, area: 'communiques' } : null;
  },
  // Every public one, newest first (`/communiques`).
  site: {
    list: async (db, { now }) =>
      cards(db, await db.select(columns).from(t).where(isPublic(t, now)).orderBy(desc(t.publishedAt), desc(t.id)), now),
  },
});
