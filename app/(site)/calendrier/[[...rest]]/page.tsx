import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CalendarPage, ReleasePage } from '@/components/content/calendar-page';
import { getArea, publicPublicationAreas } from '@/lib/content/areas';
import { getRelease, getReleaseRefs } from '@/lib/content/public';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ rest?: string[] }> };

/** The views of /calendrier: the calendar, an area's calendar (/calendrier/rubrique/{area}), a release (/calendrier/{slug}). */
function view(rest: string[] | undefined): { kind: 'calendar'; area?: string } | { kind: 'release'; slug: string } | null {
  const s = rest ?? [];
  if (s.length === 0) return { kind: 'calendar' };
  if (s.length === 2 && s[0] === 'rubrique' && getArea(s[1]!)?.publicPath) return { kind: 'calendar', area: s[1] };
  if (s.length === 1 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(s[0]!)) return { kind: 'release', slug: s[0]! };
  return null;
}

/**
 * Every view known at build time is prerendered, and the others (a release announced later) are
 * rendered once then cached like them: without this list the whole route rendered on every request
 * (`npm run bench`: /calendrier 15 requests/s, p99 6.9 s). Links to release pages are not
 * prefetched (`prefetch={false}`): a client navigation on a partial prefetch of a page whose tags a
 * write had just expired once crashed with React #412 (vercel/next.js#97337), and a list of
 * releases would prefetch dozens of pages nobody opens.
 */
export async function generateStaticParams(): Promise<{ rest: string[] }[]> {
  const refs = await getReleaseRefs();
  return [
    { rest: [] },
    ...publicPublicationAreas().map((a) => ({ rest: ['rubrique', a.slug] })),
    ...refs.map((r) => ({ rest: [r.slug] })),
  ];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const v = view((await params).rest);
  if (!v) return { title: 'Page Not Found' };
  if (v.kind === 'release') {
    const data = await getRelease(v.slug);
    if (!data) return { title: 'Page Not Found' };
    return pageMetadata({ title: data.release.title, description: `Date de parution, statut et historique des dates : ${data.release.title}.`, path: `/calendrier/${v.slug}` });
  }
  const area = v.area ? getArea(v.area) : undefined;
  return pageMetadata({
    title: area ? `Calendrier des parutions : ${area.menuLabel}` : 'Calendrier des parutions',
    description: 'Les dates et heures de parution des statistiques de l’institut, annoncées à l’avance, et l’historique de leurs changements.',
    path: area ? `/calendrier/rubrique/${area.slug}` : '/calendrier',
    area: area?.slug,
    calendar: area ? `/flux/calendrier/${area.slug}.ics` : '/flux/calendrier.ics',
  });
}

export default async function CalendarRoute({ params }: Props) {
  const v = view((await params).rest);
  if (!v) notFound();
  return v.kind === 'release' ? <ReleasePage slug={v.slug} /> : <CalendarPage area={v.area} />;
}
