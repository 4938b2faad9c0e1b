import { FileList } from '@/components/content/file-list';
import { RichText } from '@/components/content/rich-text';
import { kinds, type ListOf, type SiteKindName } from '@/lib/content/kinds';
import { publicKindWords } from '@/lib/content/kinds/kind';
import type { PublicFile } from '@/lib/content/queries/files';
import type { Translations } from '@/lib/db/schema';
import { formatDate, isoDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { ListHead, type Intro, type SiteViews } from './list-head';

/** What the generic card shows: a dated item with its title, summary, text and files; `translations` absent in a preview of an unsaved item. */
export type CardItem = {
  id: number;
  title: string;
  summary: string;
  body: string;
  publishedAt: Date;
  files: PublicFile[];
  translations?: Translations<'title' | 'summary' | 'body'>;
};

/**
 * One item of a kind without a component of its own (press releases) as its public list shows it
 * and the back-office preview: title, date, summary, text and files, in English where translated,
 * else French marked `lang="fr"`.
 */
export function ItemCard({ item, locale }: { item: CardItem; locale: Locale }) {
  const t = localize(item, locale, ['title', 'summary', 'body']);
  const lang = (field: 'title' | 'summary' | 'body') => langAttr(t.langOf(field), locale);
  return (
    <article className="rounded-lg border border-border p-5">
      <h2 lang={lang('title')} className="text-lg font-semibold">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-muted">
        {messages(locale).content.publishedOn} <time dateTime={isoDate(t.publishedAt)}>{formatDate(t.publishedAt, locale)}</time>
      </p>
      {t.summary ? (
        <p lang={lang('summary')} className="mt-2">
          {t.summary}
        </p>
      ) : null}
      {t.body ? <RichText html={t.body} lang={lang('body')} className="mt-2 text-sm" /> : null}
      <div className="mt-3">
        <FileList files={t.files} locale={locale} />
      </div>
    </article>
  );
}

/** The generic list page of a kind without a component of its own: its items' cards, newest first, or its empty sentence. */
export function CardList({
  items,
  intro,
  label,
  empty,
  locale,
}: {
  items: CardItem[];
  intro: Intro;
  label: string;
  empty: string;
  locale: Locale;
}) {
  return (
    <>
      <ListHead intro={intro} label={label} locale={locale} />
      {items.length === 0 ? <p className="mt-6 text-muted">{empty}</p> : null}
      <ul className="mt-8 space-y-6">
        {items.map((item) => (
          <li key={item.id}>
            <ItemCard item={item} locale={locale} />
          </li>
        ))}
      </ul>
    </>
  );
}

/** The kinds whose public list is a list of cards (press releases): they need no view of their own. */
export type CardKindName = { [K in SiteKindName]: Awaited<ListOf<K>> extends CardItem[] ? K : never }[SiteKindName];

/** The public views of such a kind: its cards, its words' empty sentence. */
export function cardViews<K extends CardKindName>(name: K): SiteViews<K> {
  return {
    List: ({ data, intro, label, locale }) => (
      <CardList items={data} intro={intro} label={label} empty={publicKindWords(kinds[name].words, locale).empty ?? ''} locale={locale} />
    ),
  };
}
