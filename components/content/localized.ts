/**
 * Content rows in the page's language, for the public components: each kind's shown fields through
 * `localize` (lib/i18n/content.ts), which keeps French where a field has no English. The queries
 * return the rows with their `translations`, so one cached read serves both languages.
 */
import type { PublicationTranslations } from '@/lib/content/queries/publications';
import { localize, type LocalizedFields } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import type { Release } from '@/lib/releases/model';
import type { PublicRelease } from '@/lib/releases/queries';
import type { SeriesMeta } from '@/lib/series/model';
import type { SeriesTranslations } from '@/lib/series/queries';

/** The languages the non-empty `fields` of a localized row are shown in (what `UntranslatedNotice` takes). */
export function langsOf<F extends string>(row: { [K in F]: string | null } & LocalizedFields<F>, fields: readonly F[]): Locale[] {
  return fields.filter((f) => Boolean(row[f]?.trim())).map((f) => row.langOf(f));
}

const publicationFields = ['title', 'summary', 'body', 'periodLabel'] as const;

/** A publication's title, summary, body and period in `locale` where translated; `main` are the languages of its text (the notice). */
export function localizedPublication<P extends { title: string; summary: string; body: string; periodLabel: string | null; translations?: PublicationTranslations | null }>(
  p: P,
  locale: Locale,
) {
  const l = localize(p, locale, publicationFields);
  return { ...l, main: langsOf(l, ['title', 'summary', 'body']) };
}

const seriesFields = ['label', 'unit', 'methodology', 'source'] as const;
type SeriesField = (typeof seriesFields)[number];

/**
 * A series (its data, or a key figure) with its label, unit, methodology and source in `locale`
 * where translated, in `meta` itself: the series components (components/series) then show them as
 * they are. Files, the API and JSON-LD keep reading the French `meta` of the unlocalized data.
 */
export function localizedSeries<D extends { meta: SeriesMeta; translations?: SeriesTranslations | null }>(data: D, locale: Locale): D & LocalizedFields<SeriesField> {
  const { label, unit, methodology, source } = data.meta;
  const l = localize({ label, unit, methodology, source, translations: data.translations }, locale, seriesFields);
  return { ...data, meta: { ...data.meta, label: l.label, unit: l.unit, methodology: l.methodology, source: l.source }, langOf: l.langOf, untranslated: l.untranslated };
}

const releaseFields = ['title', 'provisionalLabel', 'reason'] as const;

/** A release's title, provisional window and reason in `locale` where translated (`translations` may be absent: French). */
export function localizedRelease<R extends Pick<Release, 'title' | 'provisionalLabel' | 'reason'> & { translations?: PublicRelease['translations'] | null }>(r: R, locale: Locale) {
  return localize(r, locale, releaseFields);
}
