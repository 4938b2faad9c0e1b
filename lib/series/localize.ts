/**
 * A series' texts in a language: its label, unit, base period, methodology and source where translated
 * (`translations`, read with the series beside its `meta`), French otherwise. The series page,
 * lists, key figures and the open API's `lang=en` all show a series through this.
 */
import { localize, type LocalizedFields } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import type { SeriesMeta } from './model';
import type { SeriesTranslations } from './queries';

const seriesFields = ['label', 'unit', 'basePeriod', 'methodology', 'source'] as const;
type SeriesField = (typeof seriesFields)[number];

/**
 * A series (its data, or a key figure) with its label, unit, base period, methodology and source in
 * `locale` where translated, in `meta` itself: the series components (components/series), the
 * files and the English Dataset markup (lib/series/jsonld.ts) then show them as they are.
 */
export function localizedSeries<D extends { meta: SeriesMeta; translations?: SeriesTranslations | null }>(
  data: D,
  locale: Locale,
): D & LocalizedFields<SeriesField> {
  const { label, unit, basePeriod, methodology, source } = data.meta;
  const l = localize({ label, unit, basePeriod, methodology, source, translations: data.translations }, locale, seriesFields);
  return {
    ...data,
    meta: { ...data.meta, label: l.label, unit: l.unit, basePeriod: l.basePeriod, methodology: l.methodology, source: l.source },
    langOf: l.langOf,
    untranslated: l.untranslated,
  };
}
