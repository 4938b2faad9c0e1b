import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { NotFoundBody } from './not-found-body';

/** The seed's 404: « Page Not Found », « Page not found: {path} ». */
export function NotFoundView({ locale }: { locale: Locale }) {
  const t = messages(locale).site;
  return <NotFoundBody locale={locale} labels={{ error: t.error, notFound: t.notFound }} />;
}
