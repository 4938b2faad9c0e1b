import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { GalleryAlbum } from '@/components/content/gallery-album';
import { RichText } from '@/components/content/rich-text';
import { area } from '@/lib/content/areas';
import { getGalleries, getPageContent } from '@/lib/content/public';
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = () => pageMetadata({ title: area('galleries').label, description: area('galleries').description, path: '/gallery' });

export default async function GalleryPage() {
  const a = area('galleries');
  const [intro, galleries] = await Promise.all([getPageContent('intro:galleries'), getGalleries()]);
  return (
    <>
      <Breadcrumbs items={[{ label: a.label }]} />
      <h1 className="text-3xl font-bold leading-tight">{a.label}</h1>
      {intro?.body ? <RichText html={intro.body} className="mt-4 text-lg" /> : null}
      {galleries.length === 0 ? <p className="mt-6 text-muted">Aucun album pour le moment.</p> : null}
      {galleries.map((g) => (
        <GalleryAlbum key={g.id} gallery={g} />
      ))}
    </>
  );
}
