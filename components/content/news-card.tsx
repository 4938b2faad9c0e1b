import Image from 'next/image';
import Link from 'next/link';
import type { NewsSummary } from '@/lib/content/queries/news';
import { fileUrl, newsUrl } from '@/lib/content/addresses';
import { formatDate, isoDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { localePath } from '@/lib/i18n/paths';

/** A news item in a list: cover, title, date, excerpt, in English where translated (else French marked `lang="fr"`). */
export function NewsCard({ item: row, headingLevel = 3, locale }: { item: NewsSummary; headingLevel?: 2 | 3; locale: Locale }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const item = localize(row, locale, ['title', 'excerpt']);
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface">
      {item.cover ? (
        <Image
          src={fileUrl(item.cover)}
          alt=""
          width={item.cover.width ?? 1200}
          height={item.cover.height ?? 800}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          className="aspect-[3/2] h-auto w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading lang={langAttr(item.langOf('title'), locale)} className="font-semibold leading-snug">
          <Link href={localePath(locale, newsUrl(item))}>{item.title}</Link>
        </Heading>
        <p className="text-sm text-muted">
          <time dateTime={isoDate(item.publishedAt)}>{formatDate(item.publishedAt, locale)}</time>
        </p>
        <p lang={langAttr(item.langOf('excerpt'), locale)} className="text-sm">
          {item.excerpt}
        </p>
      </div>
    </article>
  );
}
