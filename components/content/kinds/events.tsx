/** The public views of events: `/events`, upcoming then past (`SiteViews`). */
import type { ListOf } from '@/lib/content/kinds';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { EventCard } from '../event-card';
import { ListHead, type SiteViews } from '../list-head';

function EventList({ items, locale }: { items: ListOf<'events'>['past']; locale: Locale }) {
  return (
    <ul className="mt-4 space-y-6">
      {items.map((e) => (
        <li key={e.id}>
          <EventCard event={e} locale={locale} />
        </li>
      ))}
    </ul>
  );
}

export const views: SiteViews<'events'> = {
  List: ({ data: { upcoming, past }, intro, label, locale }) => {
    const t = messages(locale).content.events;
    return (
      <>
        <ListHead intro={intro} label={label} locale={locale} />
        <section aria-labelledby="a-venir" className="mt-8">
          <h2 id="a-venir" className="text-2xl font-bold">
            {t.upcoming}
          </h2>
          {upcoming.length === 0 ? <p className="mt-3 text-muted">{t.noUpcoming}</p> : <EventList items={upcoming} locale={locale} />}
        </section>
        <section aria-labelledby="passes" className="mt-10">
          <h2 id="passes" className="text-2xl font-bold">
            {t.past}
          </h2>
          {past.length === 0 ? <p className="mt-3 text-muted">{t.noPast}</p> : <EventList items={past} locale={locale} />}
        </section>
      </>
    );
  },
};
