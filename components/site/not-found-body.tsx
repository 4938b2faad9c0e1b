'use client';

import type { Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import { CurrentPath } from './current-path';
import { ErrorView } from './error-view';

/**
 * The 404's content, drawn in the browser's bundle from its words: a layout's not-found page is
 * sent in the RSC payload of every page of the layout (Next renders it ahead, in case a page calls
 * `notFound()`), so as a client component it costs each page these few strings, not its tree.
 */
export function NotFoundBody({
  locale,
  labels,
}: {
  locale: Locale;
  labels: { error: Messages['site']['error']; notFound: Messages['site']['notFound'] };
}) {
  // One text node before the span: the HTML reads « Page not found: <span…> », where the
  // production server writes the path (lib/http/not-found.ts).
  const path = (
    <>
      {`${labels.notFound.path} `}
      <CurrentPath />
    </>
  );
  if (labels.error.said.notFound !== labels.error.notFound) {
    // A French page: the French sentence first, then the seed's English line, marked as English.
    return (
      <ErrorView statusCode={404} labels={labels.error} locale={locale} description={labels.notFound.gone}>
        <p lang="en" className="mt-2 text-sm text-muted">
          {path}
        </p>
      </ErrorView>
    );
  }
  return (
    <ErrorView statusCode={404} labels={labels.error} locale={locale} description={path}>
      <p className="mt-2 text-sm text-muted">{labels.notFound.gone}</p>
    </ErrorView>
  );
}
