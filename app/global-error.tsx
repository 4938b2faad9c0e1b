'use client';

// Replaces the root layout when it fails: no theme provider, plain styles.
import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
// No server parent to hand it its words: it reads the site section itself (never `messages`).
import { site } from '@/lib/i18n/messages/site';

const locale: Locale = 'fr';
const t = site[locale];

export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang={locale}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1rem' }}>
        <p style={{ fontSize: '3rem', fontWeight: 700, color: '#15803d' }}>500</p>
        <h1>{t.error.serverError}</h1>
        <p>{t.errorPage.description}</p>
        {error.digest ? <p>{t.errorPage.reference(error.digest)}</p> : null}
        <p>
          <Link href="/">{t.error.home}</Link>
        </p>
      </body>
    </html>
  );
}
