import type { Locale } from '@/lib/i18n/locales';
import { SearchSuggestions } from './search-suggestions';

/** The header search box's words and target, in the page's language (computed by the server `Header`). */
export type HeaderSearchProps = {
  locale: Locale;
  action: string;
  labels: { label: string; placeholder: string; submit: string };
  kindLabels: Readonly<Record<string, string>>;
};

/** The search box of every public page: a plain GET form to the search page in `locale`, suggestions when scripts run. */
export function HeaderSearch({ locale, action, labels, kindLabels }: HeaderSearchProps) {
  return (
    <form
      role="search"
      action={action}
      method="get"
      className="order-last flex basis-full items-center gap-2 sm:order-none sm:ml-auto sm:basis-auto"
    >
      <label htmlFor="entete-recherche" className="sr-only">
        {labels.label}
      </label>
      <input
        id="entete-recherche"
        name="q"
        type="search"
        maxLength={200}
        autoComplete="off"
        placeholder={labels.placeholder}
        className="h-10 min-w-0 flex-1 rounded-md border border-border bg-bg px-3 text-sm sm:w-48 sm:flex-none lg:w-64"
      />
      <button
        type="submit"
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md border border-border hover:bg-surface-2"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="8.5" cy="8.5" r="5.5" />
          <path d="m13 13 4.5 4.5" strokeLinecap="round" />
        </svg>
        <span className="sr-only">{labels.submit}</span>
      </button>
      <SearchSuggestions inputId="entete-recherche" listId="entete-suggestions" kindLabels={kindLabels} locale={locale} />
    </form>
  );
}
