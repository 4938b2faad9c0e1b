import type { Metadata } from 'next';
import { CurrentPath } from '@/components/site/current-path';
import { ErrorView } from '@/components/site/error-view';

export const metadata: Metadata = { title: 'Page Not Found', robots: { index: false } };

export default function NotFound() {
  return (
    <main id="contenu" className="px-4">
      <ErrorView
        statusCode={404}
        description={
          <>
            Page not found: <CurrentPath />
          </>
        }
      >
        <p className="mt-2 text-sm text-muted">La page demandée n&apos;existe pas ou n&apos;est plus en ligne.</p>
      </ErrorView>
    </main>
  );
}
