'use client';

// Replaces the root layout when it fails: no theme provider, plain styles.
import Link from 'next/link';
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="fr">
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1rem' }}>
        <p style={{ fontSize: '3rem', fontWeight: 700, color: '#15803d' }}>500</p>
        <h1>Internal Server Error</h1>
        <p>Une erreur inattendue s&apos;est produite. Réessayez dans un instant.</p>
        {error.digest ? <p>Référence de l&apos;erreur : {error.digest}</p> : null}
        <p>
          <Link href="/">Retour à l&apos;accueil</Link>
        </p>
      </body>
    </html>
  );
}
