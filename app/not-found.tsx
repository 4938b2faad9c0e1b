import type { Metadata } from 'next';
import { Footer } from '@/components/site/footer';
import { Header } from '@/components/site/header';
import { NotFoundView } from '@/components/site/not-found-view';
import { getIdentity } from '@/lib/content/public';

export const metadata: Metadata = { title: 'Page Not Found', robots: { index: false } };

/** Every unknown path (proxy.ts sends paths that do not exist here too), with the site's frame. */
export default async function NotFound() {
  const identity = await getIdentity();
  return (
    <>
      <Header identity={identity} />
      <main id="contenu" className="mx-auto max-w-6xl px-4 py-8">
        <NotFoundView />
      </main>
      <Footer identity={identity} />
    </>
  );
}
