/**
 * Content rows in the page's language, for the public components: each kind's shown fields through
 * `localize` (lib/i18n/content.ts), which keeps French where a field has no English. The queries
 * return the rows with their `translations`, so one cached read serves both languages. Series:
 * `localizedSeries` (lib/series/localize.ts), which the open API uses too.
 */
import type { PublicationTranslations } from '@/lib/content/queries/publications';
import { localize, type LocalizedFields } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import type { Release } from '@/lib/releases/model';
import type { PublicRelease } from '@/lib/releases/queries';

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

const releaseFields = ['title', 'provisionalLabel', 'reason'] as const;

/** A release's title, provisional window and reason in `locale` where translated (`translations` may be absent: French). */
export function localizedRelease<R extends Pick<Release, 'title' | 'provisionalLabel' | 'reason'> & { translations?: PublicRelease['translations'] | null }>(r: R, locale: Locale) {
  return localize(r, locale, releaseFields);
}
