import Image from 'next/image';
import { RichText } from '@/components/content/rich-text';
import type { PublicFile } from '@/lib/content/queries/files';
import { fileUrl } from '@/lib/content/urls';
import { formatDate, isoDate } from '@/lib/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';

export type NewsArticleItem = { title: string; excerpt: string; body: string; publishedAt: Date; cover: PublicFile | null };

/** A news item's article as its public page shows it (and the back-office preview). */
export function NewsArticle({ item, locale }: { item: NewsArticleItem; locale: Locale }) {
  const t = messages(locale).content;
  return (
    <article>
      <h1 className="text-3xl font-bold leading-tight">{item.title}</h1>
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
      <p className="mt-6 max-w-3xl text-lg font-medium">{item.excerpt}</p>
      <RichText html={item.body} className="mt-6" />
    </article>
  );
}
