import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { EventCard } from '@/components/content/event-card';
import { GalleryAlbum } from '@/components/content/gallery-album';
import { NewsArticle } from '@/components/content/news-article';
import { PublicationView } from '@/components/content/publication-page';
import { TenderCard } from '@/components/content/tender-card';
import { Footer } from '@/components/site/footer';
import { Header } from '@/components/site/header';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { requireSession } from '@/lib/auth/guard';
import { getArea, type Area } from '@/lib/content/areas';
import { editPath } from '@/lib/content/editing/paths';
import { previewEvent } from '@/lib/content/mutations/events';
import { previewGallery } from '@/lib/content/mutations/galleries';
import { previewNews } from '@/lib/content/mutations/news';
import { previewPublication } from '@/lib/content/mutations/publications';
import { previewTender } from '@/lib/content/mutations/tenders';
import { getIdentity } from '@/lib/content/public';
import { getDb } from '@/lib/db';
import { isDomainError } from '@/lib/errors';

export const metadata = { title: 'Aperçu', robots: { index: false, follow: false } };

type Props = { params: Promise<{ area: string; id: string }> };

// One sample: the root layout reads the path, which a route with no known params cannot prerender.
export function generateStaticParams() {
  return [{ area: 'news', id: '1' }];
}

const statusWords = { draft: 'un brouillon', scheduled: 'programmé', published: 'en ligne', archived: 'archivé' } as const;

/** The item's content as its public page will show it, whatever its state; null when it is gone. */
async function previewOf(area: Area, id: number) {
  const db = await getDb();
  try {
    switch (area.kind) {
      case 'publications': {
        const p = await previewPublication(db, id);
        const own = getArea(p.area);
        if (!own) return null;
        const identity = await getIdentity();
        return { status: p.status, trashed: p.deletedAt !== null, area: own, view: <PublicationView area={own} publication={p} related={[]} identity={identity} /> };
      }
      case 'news': {
        const n = await previewNews(db, id);
        return { status: n.status, trashed: n.deletedAt !== null, area, view: <NewsArticle item={n} /> };
      }
      case 'events': {
        const e = await previewEvent(db, id);
        return { status: e.status, trashed: e.deletedAt !== null, area, view: <EventCard event={e} /> };
      }
      case 'galleries': {
        const g = await previewGallery(db, id);
        return { status: g.status, trashed: g.deletedAt !== null, area, view: <GalleryAlbum gallery={g} /> };
      }
      case 'tenders': {
        const t = await previewTender(db, id);
        return { status: t.status, trashed: t.deletedAt !== null, area, view: <TenderCard tender={t} /> };
      }
      default:
        return null;
    }
  } catch (error) {
    if (isDomainError(error) && error.status === 404) return null;
    throw error;
  }
}

async function Preview({ params }: Props) {
  await requireSession();
  const { area: slug, id } = await params;
  const area = getArea(slug);
  if (!area || !/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) notFound();
  const preview = await previewOf(area, Number(id));
  if (!preview) notFound();
  const identity = await getIdentity();
  const state = preview.trashed ? 'dans la corbeille' : statusWords[preview.status];
  return (
    <>
      <div role="note" className="sticky top-0 z-50 border-b-2 border-primary bg-surface px-4 py-2 text-sm">
        <strong>Aperçu</strong> — cet élément est {state} ; seules les personnes connectées voient cette page.{' '}
        <Link href={editPath(preview.area, Number(id))}>Revenir au formulaire</Link>
      </div>
      <Header identity={identity} />
      <main id="contenu" className="mx-auto max-w-6xl px-4 py-8">
        {preview.view}
      </main>
      <Footer identity={identity} />
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
