import { FileList } from '@/components/content/file-list';
import { RichText } from '@/components/content/rich-text';
import type { Tender } from '@/lib/content/queries/tenders';
import { formatDateTime, isoDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';

type Props = {
  /** `translations` may be absent (a preview of an item not saved yet): the French is shown. */
  tender: Omit<Tender, 'translations'> & { translations?: Tender['translations'] };
  locale: Locale;
};

/**
 * One call for tenders as the public list shows it (and the back-office preview), in English where
 * translated, else French marked `lang="fr"`.
 */
export function TenderCard({ tender, locale }: Props) {
  const m = messages(locale).content.tenders;
  const t = localize(tender, locale, ['title', 'summary', 'body']);
  const lang = (field: 'title' | 'summary' | 'body') => langAttr(t.langOf(field), locale);
  return (
    <article className="rounded-lg border border-border p-5">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className={`rounded-full px-2 py-0.5 font-semibold ${t.open ? 'bg-primary text-primary-fg' : 'bg-surface-2 text-fg'}`}>
          {t.open ? m.open : m.closed}
        </span>
        <span className="text-muted">{m.reference(t.reference)}</span>
      </p>
      <h2 lang={lang('title')} className="mt-2 text-lg font-semibold">
        {t.title}
      </h2>
      <p className="mt-1 text-sm">
        {m.deadline} <time dateTime={isoDate(t.deadlineAt)}>{formatDateTime(t.deadlineAt, locale)}</time>
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
