import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { CurrentPath } from './current-path';
import { ErrorView } from './error-view';

/** The seed's 404: « Page Not Found », « Page not found: {path} ». */
export function NotFoundView({ locale }: { locale: Locale }) {
  const t = messages(locale).site;
  return (
    <ErrorView
      statusCode={404}
      labels={t.error}
      locale={locale}
      description={
        <>
          {/* One text node before the span: the HTML reads « Page not found: <span…> » as before. */}
          {`${t.notFound.path} `}
          <CurrentPath />
        </>
      }
    >
      <p className="mt-2 text-sm text-muted">{t.notFound.gone}</p>
    </ErrorView>
  );
}
