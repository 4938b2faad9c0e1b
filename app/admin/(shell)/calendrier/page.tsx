import Link from 'next/link';
import { AccessNote } from '@/components/admin/read-only';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getArea } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { formatInZone, releaseStatusLabel, releaseWhen } from '@/lib/releases/model';
import { listReleases, preparedReleases } from '@/lib/releases/queries';
import { reviewLabels } from '@/lib/review/model';
import { currentTime } from '@/lib/clock';

export const metadata = { title: 'Calendrier des parutions — Administration' };

export default async function CalendarAdminPage() {
  const actor = await adminActor();
  // The calendar is public as soon as it changes: publishers write it (calendrier/actions.ts).
  const mayPublish = can(actor, needs.publish());
  // A Rédacteur prepares releases in their areas; a publisher approves them onto the public calendar.
  const mayPrepare = can(actor, { to: 'edit', areas: 'any', what: 'préparer une parution' });
  const db = await getDb();
  const now = currentTime();
  const [upcoming, past, prepared] = await Promise.all([
    listReleases(db, { now, when: 'upcoming' }),
    listReleases(db, { now, when: 'past', limit: 30 }),
    preparedReleases(db),
  ]);
  const table = (list: typeof upcoming, caption: string) => (
    <table className="mt-4 w-full border-collapse text-sm">
      <caption className="text-left font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b border-border text-left">
          <th scope="col" className="py-2 pr-4">
            Parution
          </th>
          <th scope="col" className="py-2 pr-4">
            Rubrique
          </th>
          <th scope="col" className="py-2 pr-4">
            Date
          </th>
          <th scope="col" className="py-2">
            Statut
          </th>
        </tr>
      </thead>
      <tbody>
        {list.map((r) => (
          <tr key={r.id} className="border-b border-border">
            <th scope="row" className="py-2 pr-4 text-left font-normal">
              <Link href={`/admin/calendrier/${r.id}`}>{r.title}</Link>
            </th>
            <td className="py-2 pr-4">{getArea(r.area)?.menuLabel ?? r.area}</td>
            <td className="py-2 pr-4">{releaseWhen(r, env.TIME_ZONE)}</td>
            <td className="py-2">{releaseStatusLabel[r.status]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Calendrier des parutions</h1>
        {mayPrepare ? (
          <Link
            href="/admin/calendrier/nouvelle"
            className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg no-underline hover:bg-primary-hover"
          >
            Annoncer une parution
          </Link>
        ) : null}
      </div>
      <p className="mt-2 max-w-3xl text-muted">
        Chaque changement (confirmation, report avec sa raison, annulation avec son avis) est publié sur la page de la parution, dans ses
        flux iCalendar, et noté au journal d’activité.
      </p>
      {mayPublish ? null : (
        <AccessNote className="mt-4 max-w-3xl">
          {mayPrepare
            ? 'Vous préparez des parutions dans vos rubriques : elles paraissent au calendrier public ' +
              'quand un responsable de publication les approuve, et lui seul les change ensuite.'
            : 'Vous pouvez lire le calendrier ; un responsable de publication annonce, confirme, reporte et annule les parutions.'}
        </AccessNote>
      )}
      {prepared.length > 0 ? (
        <section aria-labelledby="en-preparation" className="mt-6">
          <h2 id="en-preparation" className="font-semibold">
            En préparation (pas encore sur le calendrier public)
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {prepared.map((r) => (
              <li key={r.id}>
                <Link href={`/admin/calendrier/${r.id}`} className="underline">
                  {r.title}
                </Link>{' '}
                — {getArea(r.area)?.menuLabel ?? r.area}, {formatInZone(r.scheduledAt, env.TIME_ZONE)} (
                {reviewLabels[r.review].toLowerCase()})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {table(upcoming, 'À venir')}
      <div className="mt-8">{table(past, 'Passées (30 dernières)')}</div>
    </>
  );
}
