import Image from 'next/image';
import { RichText } from '@/components/content/rich-text';
import type { PublicFile } from '@/lib/content/queries/files';
import { fileUrl } from '@/lib/content/addresses';
import type { NewsTranslations } from '@/lib/content/queries/news';
import { formatDate, isoDate } from '@/lib/i18n/format';
import { langAttr, langsOf, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { UntranslatedNotice } from './untranslated-notice';

/** `translations` may be absent (a preview of an item not saved yet): the French is shown. */
export type NewsArticleItem = {
  title: string;
  excerpt: string;
  body: string;
  publishedAt: Date;
  cover: PublicFile | null;
  translations?: NewsTranslations;
};

/**
 * A news item's article as its public page shows it (and the back-office preview), in English where
 * translated; French texts are marked `lang="fr"`, with the notice above the title.
 */
export function NewsArticle({ item: row, locale }: { item: NewsArticleItem; locale: Locale }) {
  const t = messages(locale).content;
  const item = localize(row, locale, ['title', 'excerpt', 'body']);
  const lang = (field: 'title' | 'excerpt' | 'body') => langAttr(item.langOf(field), locale);
  return (
    <article>
      <UntranslatedNotice locale={locale} langs={langsOf(item, ['title', 'excerpt', 'body'])} />
      <h1 lang={lang('title')} className="text-3xl font-bold leading-tight">
        {item.title}
      </h1>
      <p className="mt-2 text-muted">
        {t.publishedOn} <time dateTime={isoDate(item.publishedAt)}>{formatDate(item.publishedAt, locale)}</time>
      </p>
      {item.cover ? (
        <Image
          src={fileUrl(item.cover)}
          alt=""
          width={item.cover.width ?? 1200}
          height={item.cover.height ?? 800}
          sizes="(min-width: 1024px) 768px, 100vw"
          priority
          className="mt-6 aspect-[3/2] h-auto w-full max-w-3xl rounded-lg object-cover"
        />
      ) : null}
      <p lang={lang('excerpt')} className="mt-6 max-w-3xl text-lg font-medium">
        {item.excerpt}
      </p>
      <RichText html={item.body} lang={lang('body')} className="mt-6" />
    </article>
  );
}
