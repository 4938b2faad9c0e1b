import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { EventCard } from '@/components/content/event-card';
import { RichText } from '@/components/content/rich-text';
import { area } from '@/lib/content/areas';
import type { EventItem } from '@/lib/content/queries/events';
import { getEvents, getPageContent } from '@/lib/content/public';
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = () => pageMetadata({ title: area('events').label, description: area('events').description, path: '/events' });

function EventList({ items }: { items: EventItem[] }) {
  return (
    <ul className="mt-4 space-y-6">
      {items.map((e) => (
        <li key={e.id}>
          <EventCard event={e} />
        </li>
      ))}
    </ul>
  );
}

export default async function EventsPage() {
  const a = area('events');
  const [intro, { upcoming, past }] = await Promise.all([getPageContent('intro:events'), getEvents()]);
  return (
    <>
      <Breadcrumbs items={[{ label: a.label }]} />
      <h1 className="text-3xl font-bold leading-tight">{a.label}</h1>
      {intro?.body ? <RichText html={intro.body} className="mt-4 text-lg" /> : null}
      <section aria-labelledby="a-venir" className="mt-8">
        <h2 id="a-venir" className="text-2xl font-bold">
          À venir
        </h2>
        {upcoming.length === 0 ? <p className="mt-3 text-muted">Aucun événement annoncé pour le moment.</p> : <EventList items={upcoming} />}
      </section>
      <section aria-labelledby="passes" className="mt-10">
        <h2 id="passes" className="text-2xl font-bold">
          Événements passés
        </h2>
        {past.length === 0 ? <p className="mt-3 text-muted">Aucun événement passé.</p> : <EventList items={past} />}
      </section>
    </>
  );
}
