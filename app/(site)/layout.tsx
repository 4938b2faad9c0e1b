import { Footer } from '@/components/site/footer';
import { Header } from '@/components/site/header';
import { getIdentity } from '@/lib/content/public';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'fr';

/**
 * Navigations into public pages may block on their data (every page reads the identity above).
 * Without this, Cache Components validates the static shell of dynamic routes' fallbacks
 * (`/actualites/[id]`, `/indice/[area]/[[...rest]]`…) when it regenerates them at run time, and a
 * change of the identity — which every page shows, so every shell is regenerated — made each such
 * page answer 500. Concrete pages are still prerendered and streamed.
 */
export const instant = false;

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const identity = await getIdentity();
  return (
    <>
      <Header identity={identity} locale={locale} />
      <main id="contenu" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
      <Footer identity={identity} locale={locale} />
    </>
  );
}
