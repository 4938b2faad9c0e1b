import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';

/**
 * A short note at the top of a page in `locale` whose main text is shown in French because it has
 * no translation yet. `langs` are the languages its main fields are shown in (`localize(…).langOf`):
 * none in `locale` → the whole page is in French; some → part of it is; all → nothing is rendered
 * (so French pages, the original, never show it). Lists do not use it: their items are marked
 * `lang="fr"` one by one.
 */
export function UntranslatedNotice({ locale, langs }: { locale: Locale; langs: readonly Locale[] }) {
  const french = langs.filter((l) => l !== locale).length;
  if (french === 0) return null;
  const t = messages(locale).content.untranslated;
  return (
    <p role="note" className="mb-6 rounded-md border border-border bg-surface px-4 py-3 text-sm">
      {french === langs.length ? t.page : t.partly}
    </p>
  );
}
