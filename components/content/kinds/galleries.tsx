/** The public views of photo galleries: `/gallery`, every album (`SiteViews`). */
import { messages } from '@/lib/i18n/messages';
import { GalleryAlbum } from '../gallery-album';
import { ListHead, type SiteViews } from '../list-head';

export const views: SiteViews<'galleries'> = {
  List: ({ data: galleries, intro, label, locale }) => (
    <>
      <ListHead intro={intro} label={label} locale={locale} />
      {galleries.length === 0 ? <p className="mt-6 text-muted">{messages(locale).content.gallery.none}</p> : null}
      {galleries.map((g) => (
        <GalleryAlbum key={g.id} gallery={g} locale={locale} />
      ))}
    </>
  ),
};
