import { FileList } from '@/components/content/file-list';
import { RichText } from '@/components/content/rich-text';
import type { PublicFile } from '@/lib/content/queries/files';
import type { Translations } from '@/lib/db/schema';
import { formatDate, isoDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';

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
