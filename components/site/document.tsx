import '@/app/globals.css';
import type { Metadata, Viewport } from 'next';
import { ThemeProvider } from '@/components/theme/theme-provider';
import { ScrollToTop } from '@/components/ui/scroll-to-top';
import { env } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { Footer } from './footer';
import { Header } from './header';
import { getIdentity } from '@/lib/content/public';
import type { SiteIdentity } from '@/lib/content/queries/site';

/**
 * The `<html>` document every side shares. There is one root layout per side — the French site
 * (`app/(site)`), the English site (`app/(en)/en`) and the back-office (`app/admin`) — because
 * `<html lang>` belongs to the root layout and a layout cannot read the path it renders.
 */
export function Document({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return (
    <html lang={locale} suppressHydrationWarning>
      <body className="min-h-screen bg-bg text-fg antialiased">
        <ThemeProvider>
          <ScrollToTop />
          {children}
        </ThemeProvider>
      </body>
    </html>
  );
}

/** The root layout of a public side: the document, and the frame around its pages, in `locale`. */
export async function SiteRoot({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  const identity = await getIdentity();
  return (
    <Document locale={locale}>
      <SiteFrame identity={identity} locale={locale}>
        {children}
      </SiteFrame>
    </Document>
  );
}

/** A public page's frame: header, main and footer, in `locale`. */
export function SiteFrame({ identity, locale, children }: { identity: SiteIdentity | null; locale: Locale; children: React.ReactNode }) {
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

/** Metadata every root layout starts from, in its language. */
export function rootMetadata(locale: Locale): Metadata {
  return {
    metadataBase: new URL(env.SITE_URL),
    title: { default: messages(locale).site.identity.name, template: '%s' },
    formatDetection: { telephone: false },
    // public/: the web manifest and the Apple touch icon (scripts/make-icons.ts); app/icon.svg and
    // app/favicon.ico are Next's own conventions.
    manifest: '/site.webmanifest',
    icons: { apple: '/apple-touch-icon.png' },
  };
}

export const rootViewport: Viewport = {
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#030712' },
  ],
};
