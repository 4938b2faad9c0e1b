/**
 * Content in the reader's language. Each kind's row keeps its French text in its columns and the
 * other languages in `translations` (lib/db/schema.ts). An English page shows a translated field
 * in English and any other in French, which the page marks `lang="fr"` with a short notice: never
 * an empty page.
 *
 * This is the one rule of content localization; each domain names the fields it translates beside
 * its model (`localizedPublication` in lib/content/localize.ts, `localizedRelease` in
 * lib/releases/localize.ts, `localizedSeries` in lib/series/localize.ts), and the queries return
 * rows with their `translations`, so one cached read serves both languages.
 */
import type { Translations } from '@/lib/db/schema';
import { defaultLocale, locales, type Locale } from './locales';

export type LocalizedFields<F extends string> = {
  /** The page's language, or French where a field has no translation. */
  langOf: (field: F) => Locale;
  /** True when a field of `fields` that has French text is shown in French on a page in another language. */
  untranslated: boolean;
};

/**
 * `row` with `fields` in `locale` where a translation exists (non-blank), French otherwise. The
 * row's other columns are returned unchanged.
 */
export function localize<F extends string, R extends { [K in F]: string | null } & { translations?: Translations<F> | null }>(
  row: R,
  locale: Locale,
  fields: readonly F[],
): R & LocalizedFields<F> {
  if (locale === defaultLocale) return { ...row, langOf: () => defaultLocale, untranslated: false };
  const other = locale === 'en' ? row.translations?.en : undefined;
  const out: Record<string, unknown> = { ...row };
  const french = new Set<F>();
  for (const field of fields) {
    const value = other?.[field]?.trim();
    if (value) out[field] = value;
    else if (row[field]) french.add(field);
  }
  return { ...(out as R), langOf: (field: F) => (french.has(field) ? defaultLocale : locale), untranslated: french.size > 0 };
}

/** The languages the non-empty `fields` of a localized row are shown in (what `UntranslatedNotice` takes). */
export function langsOf<F extends string>(row: { [K in F]: string | null } & LocalizedFields<F>, fields: readonly F[]): Locale[] {
  return fields.filter((f) => Boolean(row[f]?.trim())).map((f) => row.langOf(f));
}

/** True when `row` has a translation in `locale` (its main field, `field`, is translated). */
export function hasTranslation<F extends string>(translations: Translations<F> | null | undefined, locale: Locale, field: F): boolean {
  if (locale === defaultLocale) return true;
  return Boolean(translations?.en?.[field]?.trim());
}

/** The `lang` attribute for a field shown on a page in `locale`: set only where it differs. */
export const langAttr = (fieldLocale: Locale, pageLocale: Locale): Locale | undefined =>
  fieldLocale === pageLocale ? undefined : fieldLocale;

/** The languages an item exists in (French always; another where its main field is translated), for hreflang and canonical. */
export function contentLanguages<F extends string>(translations: Translations<F> | null | undefined, field: F): Locale[] {
  return locales.filter((locale) => hasTranslation(translations, locale, field));
}
