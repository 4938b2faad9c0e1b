import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { EventCard } from '@/components/content/event-card';
import { RichText } from '@/components/content/rich-text';
import { area, areaTexts } from '@/lib/content/areas';
import type { EventItem } from '@/lib/content/queries/events';
import { getEvents, getPageContent } from '@/lib/content/public';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo';

/** The events page in `locale`. */
export function eventsRoute(locale: Locale) {
  const names = areaTexts(area('events'), locale);

  const generateMetadata = () => pageMetadata({ title: names.label, description: names.description, path: '/events', locale });

  function EventList({ items, locale }: { items: EventItem[]; locale: Locale }) {
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

  async function EventsPage() {
    const t = messages(locale).content.events;
    const [intro, { upcoming, past }] = await Promise.all([getPageContent('intro:events'), getEvents()]);
    return (
      <>
        <Breadcrumbs items={[{ label: names.label }]} locale={locale} />
        <h1 className="text-3xl font-bold leading-tight">{names.label}</h1>
        {intro?.body ? <RichText html={intro.body} className="mt-4 text-lg" /> : null}
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
  }

  return { generateMetadata, Page: EventsPage };
}
