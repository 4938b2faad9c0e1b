import type { Metadata } from 'next';
import { Footer } from '@/components/site/footer';
import { Header } from '@/components/site/header';
import { NotFoundView } from '@/components/site/not-found-view';
import { getIdentity } from '@/lib/content/public';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';

const locale: Locale = 'fr';

export const metadata: Metadata = { title: messages(locale).site.error.notFound, robots: { index: false } };

/** Every unknown path (proxy.ts sends paths that do not exist here too), with the site's frame. */
export default async function NotFound() {
  const identity = await getIdentity();
  return (
    <>
      <Header identity={identity} locale={locale} />
      <main id="contenu" className="mx-auto max-w-6xl px-4 py-8">
        <NotFoundView locale={locale} />
      </main>
      <Footer identity={identity} locale={locale} />
    </>
  );
}
