import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { GalleryAlbum } from '@/components/content/gallery-album';
import { RichText } from '@/components/content/rich-text';
import { area, areaTexts } from '@/lib/content/areas';
import { getGalleries, getPageContent } from '@/lib/content/public';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo';

/** The photo galleries in `locale`. */
export function galleryRoute(locale: Locale) {
  const names = areaTexts(area('galleries'), locale);

  const generateMetadata = () => pageMetadata({ title: names.label, description: names.description, path: '/gallery', locale });

  async function GalleryPage() {
    const t = messages(locale).content.gallery;
    const [intro, galleries] = await Promise.all([getPageContent('intro:galleries'), getGalleries()]);
    return (
      <>
        <Breadcrumbs items={[{ label: names.label }]} locale={locale} />
        <h1 className="text-3xl font-bold leading-tight">{names.label}</h1>
        {intro?.body ? <RichText html={intro.body} className="mt-4 text-lg" /> : null}
        {galleries.length === 0 ? <p className="mt-6 text-muted">{t.none}</p> : null}
        {galleries.map((g) => (
          <GalleryAlbum key={g.id} gallery={g} locale={locale} />
        ))}
      </>
    );
  }

  return { generateMetadata, Page: GalleryPage };
}
