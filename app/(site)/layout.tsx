import { Document, rootMetadata, rootViewport, SiteFrame } from '@/components/site/document';
import { getIdentity } from '@/lib/content/public';
import type { Locale } from '@/lib/i18n/locales';

const locale: Locale = 'fr';

export const metadata = rootMetadata(locale);
export const viewport = rootViewport;

/**
 * Navigations into public pages may block on their data (every page reads the identity above).
 * Without this, Cache Components validates the static shell of dynamic routes' fallbacks
 * (`/actualites/[id]`, `/indice/[area]/[[...rest]]`…) when it regenerates them at run time, and a
 * change of the identity — which every page shows, so every shell is regenerated — made each such
 * page answer 500. Concrete pages are still prerendered and streamed.
 */
export const instant = false;

/** The root layout of the French public site (`<html lang="fr">`). */
export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const identity = await getIdentity();
  return (
    <Document locale={locale}>
      <SiteFrame identity={identity} locale={locale}>
        {children}
      </SiteFrame>
    </Document>
  );
}
