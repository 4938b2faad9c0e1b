import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { ItemCard } from '@/components/content/item-card';
import { kindViews } from '@/components/content/kind-views';
import { Footer } from '@/components/site/footer';
import { Header } from '@/components/site/header';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { requireSession } from '@/lib/auth/guard';
import { getArea } from '@/lib/content/areas';
import { editPath } from '@/lib/content/editing/paths';
import { kindOfArea } from '@/lib/content/kinds';
import { isEditable } from '@/lib/content/kinds';
import { getIdentity } from '@/lib/content/public';
import { getDb } from '@/lib/db';
import { currentTime } from '@/lib/clock';

export const metadata = { title: 'Aperçu', robots: { index: false, follow: false } };

type Props = { params: Promise<{ area: string; id: string }> };

// One sample: the root layout reads the path, which a route with no known params cannot prerender.
export function generateStaticParams() {
  return [{ area: 'news', id: '1' }];
}

const statusWords = { draft: 'un brouillon', scheduled: 'programmé', published: 'en ligne', archived: 'archivé' } as const;

async function Preview({ params }: Props) {
  await requireSession();
  const { area: slug, id } = await params;
  const requested = getArea(slug);
  if (!requested || !isEditable(requested) || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  const kind = kindOfArea(requested);
  const [item, identity] = await Promise.all([kind.preview(await getDb(), Number(id), currentTime()), getIdentity()]);
  // The item's own area (a publication asked for under another area of its kind shows under its own).
  const area = item ? getArea(item.area) : undefined;
  if (!item || !area) notFound();
  // A kind without a view of its own is shown by the generic card (`kindViews` demands the others).
  const View = kindViews[kind.name];
  const state = item.deletedAt ? 'dans la corbeille' : statusWords[item.status as keyof typeof statusWords];
  return (
    <>
      <div role="note" className="sticky top-0 z-50 border-b-2 border-primary bg-surface px-4 py-2 text-sm">
        <strong>Aperçu</strong> — cet élément est {state} ; seules les personnes connectées voient cette page.{' '}
        <Link href={editPath(area, Number(id))}>Revenir au formulaire</Link>
      </div>
      <Header identity={identity} locale="fr" />
      <main id="contenu" className="mx-auto max-w-6xl px-4 py-8">
        {View ? <View item={item} area={area} identity={identity} locale="fr" /> : <ItemCard item={item} locale="fr" />}
      </main>
      <Footer identity={identity} locale="fr" />
    </>
  );
}

/** A draft (or any item) as it will look on the public site, for connected users only. */
export default function PreviewPage(props: Props) {
  return (
    <Suspense fallback={<LoadingScreen label="Chargement de l’aperçu…" />}>
      <Preview {...props} />
    </Suspense>
  );
}
