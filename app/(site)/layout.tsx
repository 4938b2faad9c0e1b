import { rootMetadata, rootViewport, SiteRoot } from '@/components/site/document';

export const metadata = rootMetadata('fr');
export const viewport = rootViewport;

/**
 * Navigations into public pages may block on their data (every page reads the identity: SiteRoot).
 * Without this, Cache Components validates the static shell of dynamic routes' fallbacks
 * (`/actualites/[id]`, `/indice/[area]/[[...rest]]`…) when it regenerates them at run time, and a
 * change of the identity — which every page shows, so every shell is regenerated — made each such
 * page answer 500. Concrete pages are still prerendered and streamed.
 */
export const instant = false;

/** The root layout of the French public site (`<html lang="fr">`). */
export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return <SiteRoot locale="fr">{children}</SiteRoot>;
}
