'use client';

import { ErrorView } from '@/components/site/error-view';

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="contenu" className="px-4">
      <ErrorView statusCode={500} description="Une erreur inattendue s'est produite. Réessayez dans un instant.">
        {error.digest ? <p className="mt-2 text-sm text-muted">Référence de l&apos;erreur : {error.digest}</p> : null}
        <button type="button" onClick={reset} className="mt-4 rounded-md border border-border px-4 py-2">
          Réessayer
        </button>
      </ErrorView>
    </main>
  );
}
