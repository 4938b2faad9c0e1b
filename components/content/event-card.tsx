import { RichText } from '@/components/content/rich-text';
import type { EventItem } from '@/lib/content/queries/events';
import { formatDate, formatDateTime, isoDate } from '@/lib/format';

/** One event as the public list shows it (and the back-office preview). */
export function EventCard({ event: e }: { event: EventItem }) {
  return (
    <article className="rounded-lg border border-border p-4">
      <h3 className="text-lg font-semibold">{e.title}</h3>
      <p className="mt-1 text-sm text-muted">
        <time dateTime={isoDate(e.startsAt)}>{formatDateTime(e.startsAt)}</time>
        {e.endsAt ? (
          <>
            {' '}
            au <time dateTime={isoDate(e.endsAt)}>{formatDate(e.endsAt)}</time>
          </>
        ) : null}
        {e.place ? ` · ${e.place}` : ''}
      </p>
      {e.summary ? <p className="mt-2">{e.summary}</p> : null}
      {e.body ? <RichText html={e.body} className="mt-2 text-sm" /> : null}
    </article>
  );
}
