'use client';

import { ErrorView } from '@/components/site/error-view';
import type { Locale } from '@/lib/i18n/locales';
// A client error boundary has no server parent to hand it its words: it reads the site section
// itself (small; never the whole catalogue, `messages`).
import { site } from '@/lib/i18n/messages/site';

/** A public page that failed (`error.tsx` of each language), in `locale`, with a retry button. */
export function SiteError({ locale, error, reset }: { locale: Locale; error: Error & { digest?: string }; reset: () => void }) {
  const t = site[locale];
  return (
    <main id="contenu" className="px-4">
      <ErrorView statusCode={500} labels={t.error} description={t.errorPage.description} locale={locale}>
        {error.digest ? <p className="mt-2 text-sm text-muted">{t.errorPage.reference(error.digest)}</p> : null}
        <button type="button" onClick={reset} className="mt-4 rounded-md border border-border px-4 py-2">
          {t.errorPage.retry}
        </button>
      </ErrorView>
    </main>
  );
}
