'use client';

import Image from 'next/image';
import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';

/** A news item of a list as the text it shows in the page's language (`…Lang` where a text is in another language). */
export type NewsCardViewProps = {
  headingLevel: 2 | 3;
  cover?: { src: string; width: number; height: number };
  title: string;
  titleLang?: Locale;
  href: string;
  date: { iso: string; text: string };
  excerpt: string | null;
  excerptLang?: Locale;
};

/**
 * The markup of `NewsCard` (`news-card.tsx`), from plain data. A client component on purpose: a
 * page's RSC payload then carries the item's strings rather than its element tree; the HTML is the
 * same, rendered on the server.
 */
export function NewsCardView(item: NewsCardViewProps) {
  const Heading = item.headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-border bg-surface">
      {item.cover ? (
        <Image
          src={item.cover.src}
          alt=""
          width={item.cover.width}
          height={item.cover.height}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          className="aspect-[3/2] h-auto w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading lang={item.titleLang} className="font-semibold leading-snug">
          <Link href={item.href}>{item.title}</Link>
        </Heading>
        <p className="text-sm text-muted">
          <time dateTime={item.date.iso}>{item.date.text}</time>
        </p>
        <p lang={item.excerptLang} className="text-sm">
          {item.excerpt}
        </p>
      </div>
    </article>
  );
}
