/**
 * What an alert says, read once per event and language from the domains (the release, what it
 * carries, its key figure, the area's next release; a correction's series or table, version and reason).
 * Links are absolute (SITE_URL): they are read in a mailbox.
 */
import { and, desc, eq } from 'drizzle-orm';
import { publicationUrl, releasePath, seriesPath, tablePath } from '@/lib/content/addresses';
import type { Db } from '@/lib/db/open';
import { observations, releases, series, seriesVersions } from '@/lib/db/schema';
import { formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';
import { linkedPublications, linkedVersions } from '@/lib/releases/links';
import { formatInZone } from '@/lib/releases/model';
import { nextReleases } from '@/lib/releases/queries';
import { periodLabel, type Frequency } from '@/lib/series/model';
import { dataTables, dataTableVersions } from '@/lib/tables/schema';
import { alertAreaLabel } from './areas';

export type Link = { label: string; url: string };

export type ReleaseAlert = {
  kind: 'release';
  title: string;
  area: string;
  url: string;
  items: Link[];
  /** « Indice des prix à la consommation, mars 2027 : 104,2 (base 100 en 2020) ». */
  keyFigure: string | null;
  /** The area's next release, when one is on the calendar. */
  next: { title: string; when: string; url: string } | null;
};

export type CorrectionAlert = {
  kind: 'correction';
  title: string;
  area: string;
  url: string;
  number: number;
  reason: string;
  when: string;
};

export type AlertContent = ReleaseAlert | CorrectionAlert;

export type ContentOptions = { siteUrl: string; timeZone: string; now: Date };

const en = <F extends string>(
  row: { translations?: { en?: Partial<Record<F, string>> } | null },
  field: F,
  french: string,
  locale: Locale,
) => (locale === 'en' && row.translations?.en?.[field]?.trim()) || french;

const absolute = (siteUrl: string, locale: Locale, path: string) => new URL(localePath(locale, path), siteUrl).toString();

/** The latest value of a version's series as the version published it, labelled (null when it has none). */
async function keyFigureOf(db: Db, v: { seriesId: number; versionId: number }, locale: Locale): Promise<string | null> {
  const [row] = await db
    .select({ period: observations.period, value: observations.value, s: series })
    .from(observations)
    .innerJoin(series, eq(series.id, observations.seriesId))
    .where(and(eq(observations.seriesId, v.seriesId), eq(observations.versionId, v.versionId)))
    .orderBy(desc(observations.period))
    .limit(1);
  if (!row) return null;
  const label = en(row.s, 'label', row.s.label, locale);
  const unit = en(row.s, 'unit', row.s.unit, locale);
  const when = periodLabel(row.period, row.s.frequency as Frequency, locale);
  return `${label}, ${when}${locale === 'en' ? ':' : '\u00a0:'} ${formatNumber(row.value, row.s.decimals, locale)}${unit ? ` (${unit})` : ''}`;
}

/** A release's alert in `locale`, or null when the release is gone. */
export async function releaseContent(db: Db, releaseId: number, locale: Locale, o: ContentOptions): Promise<ReleaseAlert | null> {
  const [r] = await db.select().from(releases).where(eq(releases.id, releaseId));
  if (!r) return null;
  const items: Link[] = [];
  for (const p of (await linkedPublications(db, [r.id])).get(r.id) ?? []) {
    const path = publicationUrl(p);
    if (p.status !== 'published' || p.deletedAt || !path) continue;
    items.push({ label: en(p, 'title', p.title, locale), url: absolute(o.siteUrl, locale, path) });
  }
  const versions = (await linkedVersions(db, [r.id])).get(r.id) ?? [];
  for (const v of versions) {
    const path = seriesPath(v);
    if (path) items.push({ label: en(v, 'label', v.label, locale), url: absolute(o.siteUrl, locale, path) });
  }
  // The tables whose versions came out with it.
  const tables = await db
    .selectDistinct({ t: dataTables })
    .from(dataTableVersions)
    .innerJoin(dataTables, eq(dataTables.id, dataTableVersions.tableId))
    .where(and(eq(dataTableVersions.releaseId, r.id), eq(dataTableVersions.review, 'approved')));
  for (const { t } of tables) items.push({ label: en(t, 'title', t.title, locale), url: absolute(o.siteUrl, locale, tablePath(t.code)) });
  let keyFigure: string | null = null;
  for (const v of versions) {
    const [version] = await db
      .select({ id: seriesVersions.id, seriesId: seriesVersions.seriesId, headline: series.headline })
      .from(seriesVersions)
      .innerJoin(series, eq(series.id, seriesVersions.seriesId))
      .where(and(eq(series.code, v.code), eq(seriesVersions.number, v.number)));
    if (!version) continue;
    const figure = await keyFigureOf(db, { seriesId: version.seriesId, versionId: version.id }, locale);
    // The area's headline series wins; otherwise the first series that has a value.
    if (figure && (keyFigure === null || version.headline)) keyFigure = figure;
    if (figure && version.headline) break;
  }
  const [next] = await nextReleases(db, { now: o.now, limit: 1, area: r.area });
  return {
    kind: 'release',
    title: en(r, 'title', r.title, locale),
    area: alertAreaLabel(r.area, locale),
    url: absolute(o.siteUrl, locale, releasePath(r)),
    items,
    keyFigure,
    next: next
      ? {
          title: en(next, 'title', next.title, locale),
          when:
            next.status === 'announced' && next.provisionalLabel
              ? next.provisionalLabel
              : formatInZone(next.scheduledAt, o.timeZone, locale),
          url: absolute(o.siteUrl, locale, releasePath(next)),
        }
      : null,
  };
}

/** What a correction's message says, whatever was corrected: its name, area, page, version and reason. */
function correctionAlert(
  what: { title: string; area: string; path: string },
  v: { number: number; reason: string; announcedAt: Date | null; publishedAt: Date },
  locale: Locale,
  o: ContentOptions,
): CorrectionAlert {
  return {
    kind: 'correction',
    title: what.title,
    area: alertAreaLabel(what.area, locale),
    url: absolute(o.siteUrl, locale, what.path),
    number: v.number,
    reason: v.reason,
    when: formatInZone(v.announcedAt ?? v.publishedAt, o.timeZone, locale),
  };
}

/** A series' correction's alert in `locale`, or null when the series or version is gone. */
export async function correctionContent(
  db: Db,
  ref: { seriesId: number; number: number },
  locale: Locale,
  o: ContentOptions,
): Promise<CorrectionAlert | null> {
  const [row] = await db
    .select({ s: series, v: seriesVersions })
    .from(seriesVersions)
    .innerJoin(series, eq(series.id, seriesVersions.seriesId))
    .where(and(eq(seriesVersions.seriesId, ref.seriesId), eq(seriesVersions.number, ref.number)));
  if (!row) return null;
  return correctionAlert(
    { title: en(row.s, 'label', row.s.label, locale), area: row.s.area, path: seriesPath(row.s) ?? '/' },
    row.v,
    locale,
    o,
  );
}

/** A table's correction's alert in `locale`, or null when the table or version is gone. */
export async function tableCorrectionContent(
  db: Db,
  ref: { tableId: number; number: number },
  locale: Locale,
  o: ContentOptions,
): Promise<CorrectionAlert | null> {
  const [row] = await db
    .select({ t: dataTables, v: dataTableVersions })
    .from(dataTableVersions)
    .innerJoin(dataTables, eq(dataTables.id, dataTableVersions.tableId))
    .where(and(eq(dataTableVersions.tableId, ref.tableId), eq(dataTableVersions.number, ref.number)));
  if (!row) return null;
  return correctionAlert(
    { title: en(row.t, 'title', row.t.title, locale), area: row.t.area, path: tablePath(row.t.code) },
    row.v,
    locale,
    o,
  );
}
