import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { rootMetadata, rootViewport, SiteRoot } from '@/components/site/document';
import { NotFoundView } from '@/components/site/not-found-view';
import { defaultLocale, isLocale, type Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { LOCALE_HEADER } from '@/lib/routing/public-paths';

export const viewport = rootViewport;

/**
 * Rendered per request: its language comes from a request header (the one root document cannot
 * be prerendered twice). An unknown address costs a render of the frame, whose data is cached.
 */
export const instant = false;

/** The language of the path asked for, which proxy.ts passes on when it sends it here. */
async function requestLocale(): Promise<Locale> {
  const value = (await headers()).get(LOCALE_HEADER) ?? '';
  return isLocale(value) ? value : defaultLocale;
}

export async function generateMetadata(): Promise<Metadata> {
  const locale = await requestLocale();
  return { ...rootMetadata(locale), title: messages(locale).site.error.notFound, robots: { index: false } };
}

/**
 * Every unknown address (proxy.ts sends paths that do not exist here too), with the site's frame,
 * in the language of the path (`/en/…` in English). There is one root layout per language, so no
 * root layout wraps this page: it writes its own document.
 */
export default async function GlobalNotFound() {
  const locale = await requestLocale();
  return (
    <SiteRoot locale={locale}>
      <NotFoundView locale={locale} />
    </SiteRoot>
  );
}
