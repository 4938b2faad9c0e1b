import { desc } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { tenders, type Translations } from '@/lib/db/schema';
import { filesOfTenders, type PublicFile } from './files';
import { isPublic } from './visibility';

/** A tender's English texts (lib/i18n/content.ts `localize` shows them on English pages). */
export type TenderTranslations = Translations<'title' | 'summary' | 'body'>;

export type Tender = {
  id: number;
  slug: string;
  reference: string;
  title: string;
  summary: string;
  body: string;
  deadlineAt: Date;
  publishedAt: Date;
  open: boolean;
  translations: TenderTranslations;
  files: PublicFile[];
};

/** Columns of a tender as the public page shows it (the back-office preview reads the same). */
export const tenderColumns = {
  id: tenders.id,
  slug: tenders.slug,
  reference: tenders.reference,
  title: tenders.title,
  summary: tenders.summary,
  body: tenders.body,
  deadlineAt: tenders.deadlineAt,
  publishedAt: tenders.publishedAt,
  translations: tenders.translations,
};

/** Tenders with their files and whether they are still open at `now`. */
export async function withTenderFiles<T extends { id: number; deadlineAt: Date; publishedAt: Date | null }>(db: Db, rows: T[], now: Date) {
  const files = await filesOfTenders(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, publishedAt: r.publishedAt as Date, open: r.deadlineAt > now, files: files.get(r.id) ?? [] }));
}

/** Public tenders: open ones first (nearest deadline first), then closed ones (most recent first). */
export async function listTenders(db: Db, params: { now: Date }): Promise<Tender[]> {
  const rows = await db.select(tenderColumns).from(tenders).where(isPublic(tenders, params.now)).orderBy(desc(tenders.deadlineAt));
  const all = await withTenderFiles(db, rows, params.now);
  const open = all.filter((t) => t.open).sort((a, b) => a.deadlineAt.getTime() - b.deadlineAt.getTime());
  return [...open, ...all.filter((t) => !t.open)];
}
