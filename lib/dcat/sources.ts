/**
 * What the catalogue describes, read as the public pages read it at an instant: the tables and
 * series with a public version then (the same queries and the same embargo rule as their pages),
 * when each first and last came out, the publications public then with their public files (size
 * and SHA-256 as stored), and the institute's identity. Plain `(db, params)` queries.
 */
import { and, asc, eq, inArray, isNull, max, min } from 'drizzle-orm';
import type { Db } from '@/lib/db/open';
import { files, publicationFiles, publications } from '@/lib/db/schema';
import { publicPublicationAreas } from '@/lib/content/areas';
import { getSiteIdentity, type SiteIdentity } from '@/lib/content/queries/site';
import { isPublic } from '@/lib/content/queries/visibility';
import { listSeriesRows, seriesDataOf, type LocalizableSeriesData } from '@/lib/series/queries';
import { seriesVersioning } from '@/lib/series/versioning';
import { createHash } from 'node:crypto';
import { downloadFormats, tableFormats, type DownloadFormat, type TableFormat } from '@/lib/content/addresses';
import { seriesFile } from '@/lib/series/api';
import { listPublicTables, type TableView } from '@/lib/tables/queries';
import { wholeTableFile } from '@/lib/tables/read/file';
import { tableVersioning } from '@/lib/tables/versioning';
import { publicBy } from '@/lib/versions/filters';
import type { Versioning } from '@/lib/versions/model';

/** When an owner's first and latest public versions came out. */
export type VersionSpan = { first: Date; last: Date };

export type CatalogueFile = {
  id: string;
  name: string;
  label: string | null;
  labelEn: string | null;
  mime: string;
  size: number;
  sha256: string;
};

export type CataloguePublication = {
  id: number;
  area: string;
  slug: string;
  title: string;
  summary: string;
  translations: { en?: { title?: string; summary?: string } };
  periodStart: string | null;
  periodEnd: string | null;
  publishedAt: Date;
  updatedAt: Date;
  files: CatalogueFile[];
};

/** A file's size in bytes and SHA-256 (lower-case hex), as the open API answers it. */
export type FileDigest = { size: number; sha256: string };

export type CatalogueSources = {
  at: Date;
  identity: SiteIdentity | null;
  tables: (TableView & { span: VersionSpan; files: Partial<Record<TableFormat, FileDigest>> })[];
  series: (LocalizableSeriesData & { span: VersionSpan; files: Partial<Record<DownloadFormat, FileDigest>> })[];
  publications: CataloguePublication[];
};

/** First and latest public versions by `at` of every owner of a kind, by owner id. */
async function versionSpans(db: Db, kind: Versioning, at: Date): Promise<Map<number, VersionSpan>> {
  const v = kind.versions;
  const rows = await db
    .select({ owner: v.owner, first: min(v.publishedAt), last: max(v.publishedAt) })
    .from(v.table)
    .where(publicBy(kind, at))
    .groupBy(v.owner);
  return new Map(rows.flatMap((r) => (r.first && r.last ? [[r.owner, { first: new Date(r.first), last: new Date(r.last) }]] : [])));
}

/** Public publications (of the public areas) by `at` that have at least one public file, newest first, with those files. */
export async function publicationsWithFiles(db: Db, at: Date): Promise<CataloguePublication[]> {
  const areas = publicPublicationAreas().map((a) => a.slug);
  if (areas.length === 0) return [];
  const rows = await db
    .select({
      id: publications.id,
      area: publications.area,
      slug: publications.slug,
      title: publications.title,
      summary: publications.summary,
      translations: publications.translations,
      periodStart: publications.periodStart,
      periodEnd: publications.periodEnd,
      publishedAt: publications.publishedAt,
      updatedAt: publications.updatedAt,
    })
    .from(publications)
    .where(and(inArray(publications.area, areas), isPublic(publications, at)))
    .orderBy(asc(publications.id));
  if (rows.length === 0) return [];
  const attached = await db
    .select({
      publicationId: publicationFiles.publicationId,
      label: publicationFiles.label,
      translations: publicationFiles.translations,
      id: files.id,
      name: files.name,
      mime: files.mime,
      size: files.size,
      sha256: files.sha256,
    })
    .from(publicationFiles)
    .innerJoin(files, eq(files.id, publicationFiles.fileId))
    .where(
      and(
        inArray(
          publicationFiles.publicationId,
          rows.map((r) => r.id),
        ),
        eq(files.visibility, 'public'),
        isNull(files.deletedAt),
      ),
    )
    .orderBy(asc(publicationFiles.publicationId), asc(publicationFiles.position));
  const byPublication = new Map<number, CatalogueFile[]>();
  for (const f of attached) {
    const list = byPublication.get(f.publicationId) ?? [];
    list.push({
      id: f.id,
      name: f.name,
      label: f.label,
      labelEn: f.translations?.en?.label ?? null,
      mime: f.mime,
      size: f.size,
      sha256: f.sha256,
    });
    byPublication.set(f.publicationId, list);
  }
  return rows.flatMap((r) => {
    const list = byPublication.get(r.id);
    return list?.length && r.publishedAt ? [{ ...r, translations: r.translations ?? {}, publishedAt: r.publishedAt, files: list }] : [];
  });
}

/**
 * The formats whose bytes are the same at every request, so that a size and a digest hold: not
 * XLSX (the workbook carries the instant it was written).
 */
const stable = <F extends string>(formats: readonly F[]) => formats.filter((f) => f !== 'xlsx');

const digest = (body: string | Uint8Array): FileDigest => {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return { size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
};

/** Everything the catalogue describes, public by `at`, with the size and digest of the API's files that have stable bytes. */
export async function catalogueSources(db: Db, at: Date): Promise<CatalogueSources> {
  const [identity, tables, seriesRows, tableSpans, seriesSpans, pubs] = await Promise.all([
    getSiteIdentity(db),
    listPublicTables(db, { lang: 'fr', at }),
    listSeriesRows(db),
    versionSpans(db, tableVersioning, at),
    versionSpans(db, seriesVersioning, at),
    publicationsWithFiles(db, at),
  ]);
  const series = await seriesDataOf(db, seriesRows, { at });
  const ids = new Map(seriesRows.map((r) => [r.code, r.id]));
  return {
    at,
    identity,
    tables: await Promise.all(
      tables.flatMap((t) => {
        const span = tableSpans.get(t.id);
        if (!span) return [];
        return [
          (async () => {
            const files: Partial<Record<TableFormat, FileDigest>> = {};
            for (const format of stable(tableFormats)) {
              const body = await wholeTableFile(db, t, format);
              if (body !== null) files[format] = digest(body);
            }
            return { ...t, span, files };
          })(),
        ];
      }),
    ),
    series: await Promise.all(
      series.flatMap((s) => {
        const span = seriesSpans.get(ids.get(s.meta.code)!);
        if (!span) return [];
        return [
          (async () => {
            const files: Partial<Record<DownloadFormat, FileDigest>> = {};
            for (const format of stable(downloadFormats)) files[format] = digest(await seriesFile(s, format));
            return { ...s, span, files };
          })(),
        ];
      }),
    ),
    publications: pubs,
  };
}
