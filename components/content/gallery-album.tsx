import Image from 'next/image';
import type { Gallery } from '@/lib/content/queries/galleries';
import { fileUrl } from '@/lib/content/addresses';
import { formatDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';

/**
 * An album: a grid of thumbnails, each a link to a full-size viewer. The viewer is pure CSS
 * (`:target`), so it works without JavaScript and is driven by the keyboard like any link:
 * previous, next and close are links too.
 */
export function GalleryAlbum({
  gallery: row,
  locale,
}: {
  gallery: Omit<Gallery, 'translations'> & { translations?: Gallery['translations'] };
  locale: Locale;
}) {
  const t = messages(locale).content.gallery;
  const gallery = localize(row, locale, ['title', 'description']);
  // Captions and alternative texts in English where the back-office gives them (issue 29), else French (marked).
  const photo = (img: Gallery['images'][number]) => {
    const caption = (locale === 'en' && img.translations?.en?.caption?.trim()) || '';
    const alt = (locale === 'en' && img.translations?.en?.alt?.trim()) || '';
    return {
      caption: caption || img.caption,
      captionLang: langAttr(caption || !img.caption ? locale : defaultLocale, locale),
      alt: alt || img.alt || caption || img.caption,
      altLang: langAttr(alt || (!img.alt && caption) ? locale : defaultLocale, locale),
    };
  };
  const anchor = (i: number) => `photo-${gallery.id}-${gallery.images[i]?.id}`;
  return (
    <section aria-labelledby={`album-${gallery.id}`} className="mt-10">
      <h2 id={`album-${gallery.id}`} lang={langAttr(gallery.langOf('title'), locale)} className="text-2xl font-bold">
        {gallery.title}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {gallery.takenOn ? `${formatDate(gallery.takenOn, locale)} · ` : ''}
        {t.photos(gallery.images.length)}
      </p>
      {gallery.description ? (
        <p lang={langAttr(gallery.langOf('description'), locale)} className="mt-2">
          {gallery.description}
        </p>
      ) : null}
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {gallery.images.map((img, i) => {
          const p = photo(img);
          return (
            <li key={img.id}>
              <a href={`#${anchor(i)}`} className="block overflow-hidden rounded-md">
                <Image
                  src={fileUrl({ id: img.fileId, name: img.name })}
                  alt={p.alt}
                  lang={p.altLang}
                  width={img.width ?? 1200}
                  height={img.height ?? 800}
                  sizes="(min-width: 1024px) 260px, (min-width: 640px) 33vw, 50vw"
                  className="aspect-[3/2] h-auto w-full object-cover transition-transform hover:scale-105"
                />
              </a>
              <p lang={p.captionLang} className="mt-1 text-sm">
                {p.caption}
              </p>
            </li>
          );
        })}
      </ul>
      {gallery.images.map((img, i) => {
        const p = photo(img);
        return (
          <div
            key={img.id}
            id={anchor(i)}
            className="fixed inset-0 z-50 hidden flex-col items-center justify-center gap-3 bg-black/90 p-4 text-white target:flex"
          >
            <figure aria-label={t.photoOf(i + 1, gallery.images.length, p.caption)} className="flex flex-col items-center gap-3">
              <Image
                src={fileUrl({ id: img.fileId, name: img.name })}
                alt={p.alt}
                lang={p.altLang}
                width={img.width ?? 1200}
                height={img.height ?? 800}
                sizes="90vw"
                loading="lazy"
                className="max-h-[75vh] w-auto object-contain"
              />
              <figcaption lang={p.captionLang} className="max-w-3xl text-center">
                {p.caption}
              </figcaption>
            </figure>
            {/* After the figure, not inside it: a figcaption is its figure's first or last child. */}
            <nav aria-label={t.viewer(gallery.title, i + 1)} className="flex gap-3">
              {i > 0 ? (
                <a href={`#${anchor(i - 1)}`} className="rounded bg-white px-3 py-2 text-black no-underline">
                  {t.previous}
                </a>
              ) : null}
              <a href={`#album-${gallery.id}`} className="rounded bg-white px-3 py-2 text-black no-underline">
                {t.close}
              </a>
              {i < gallery.images.length - 1 ? (
                <a href={`#${anchor(i + 1)}`} className="rounded bg-white px-3 py-2 text-black no-underline">
                  {t.next}
                </a>
              ) : null}
            </nav>
          </div>
        );
      })}
    </section>
  );
}
