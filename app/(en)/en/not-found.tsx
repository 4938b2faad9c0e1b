import { NotFoundView } from '@/components/site/not-found-view';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'en';

// notFound() from a public page (an unknown slug): inside the site's header and footer.
export default function SiteNotFound() {
  return <NotFoundView locale={locale} />;
}
