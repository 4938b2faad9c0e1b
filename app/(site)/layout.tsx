import { Footer } from '@/components/site/footer';
import { Header } from '@/components/site/header';
import { getIdentity } from '@/lib/content/public';

export default async function SiteLayout({ children }: { children: React.ReactNode }) {
  const identity = await getIdentity();
  return (
    <>
      <Header identity={identity} />
      <main id="contenu" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
      <Footer identity={identity} />
    </>
  );
}
