import Image from 'next/image';
import { RichText } from '@/components/content/rich-text';
import type { EventItem } from '@/lib/content/queries/events';
import { fileUrl } from '@/lib/content/addresses';
import { formatDate, formatDateTime, isoDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { inLang } from './in-lang';

type Props = {
  /** `translations` may be absent (a preview of an item not saved yet): the French is shown. */
  event: Omit<EventItem, 'translations'> & { translations?: EventItem['translations'] };
  locale: Locale;
};

/** One event as the public list shows it (and the back-office preview), in English where translated, else French marked `lang="fr"`. */
export function EventCard({ event, locale }: Props) {
  const t = messages(locale).content.events;
  const e = localize(event, locale, ['title', 'summary', 'body', 'place']);
  const lang = (field: 'title' | 'summary' | 'body' | 'place') => langAttr(e.langOf(field), locale);
  return (
    <article className="gap-4 rounded-lg border border-border p-4 sm:flex">
      {e.cover ? (
        <Image
          src={fileUrl(e.cover)}
          alt=""
          width={e.cover.width ?? 600}
          height={e.cover.height ?? 400}
          sizes="(min-width: 640px) 12rem, 100vw"
          className="mb-3 aspect-[3/2] h-auto w-full rounded-md object-cover sm:mb-0 sm:w-48 sm:shrink-0"
        />
      ) : null}
      <div>
        <h3 lang={lang('title')} className="text-lg font-semibold">
          {e.title}
        </h3>
        <p className="mt-1 text-sm text-muted">
          <time dateTime={isoDate(e.startsAt)}>{formatDateTime(e.startsAt, locale)}</time>
          {e.endsAt ? (
            <>
              {' '}
              {t.until} <time dateTime={isoDate(e.endsAt)}>{formatDate(e.endsAt, locale)}</time>
            </>
          ) : null}
          {e.place ? lang('place') ? <> · {inLang(e.place, lang('place'))}</> : ` · ${e.place}` : ''}
        </p>
        {e.summary ? (
          <p lang={lang('summary')} className="mt-2">
            {e.summary}
          </p>
        ) : null}
        {e.body ? <RichText html={e.body} lang={lang('body')} className="mt-2 text-sm" /> : null}
      </div>
    </article>
  );
}
