/** A publication in the page's language, through the one rule of lib/i18n/content.ts. */
import { langsOf, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import type { PublicationTranslations } from './queries/publications';

const publicationFields = ['title', 'summary', 'body', 'periodLabel'] as const;

/** A publication's title, summary, body and period in `locale` where translated; `main` are the languages of its text (the notice). */
export function localizedPublication<
  P extends { title: string; summary: string; body: string; periodLabel: string | null; translations?: PublicationTranslations | null },
>(p: P, locale: Locale) {
  const l = localize(p, locale, publicationFields);
  return { ...l, main: langsOf(l, ['title', 'summary', 'body']) };
}
