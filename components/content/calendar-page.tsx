import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getArea, publicPublicationAreas } from '@/lib/content/areas';
import { getCalendar, getRelease } from '@/lib/content/public';
import { publicationUrl } from '@/lib/content/urls';
import { env } from '@/lib/env';
import { formatInZone, releaseStatusLabel, releaseWhen, zoneName, type Release } from '@/lib/releases/model';
import { seriesPath } from '@/lib/series/urls';
import { Breadcrumbs } from './breadcrumbs';

const badge = 'ml-2 inline-block rounded-full border border-border px-2 py-0.5 text-xs font-semibold';

function ReleaseList({ releases, empty }: { releases: Release[]; empty: string }) {
  if (releases.length === 0) return <p className="mt-3 text-muted">{empty}</p>;
  return (
    <ul className="mt-4 space-y-3">
      {releases.map((r) => (
        <li key={r.id} className="border-l-4 border-primary pl-3">
          <p className="font-medium">
            <Link prefetch={false} href={`/calendrier/${r.slug}`} className="underline">
              {r.title}
            </Link>
            <span className={badge}>{releaseStatusLabel[r.status]}</span>
          </p>
          <p className="text-sm text-muted">
            <time dateTime={r.scheduledAt.toISOString()}>{releaseWhen(r, env.TIME_ZONE)}</time>
            {getArea(r.area) ? ` · ${getArea(r.area)!.menuLabel}` : ''}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** /calendrier and /calendrier/rubrique/{area}: what comes out when, announced in advance; what came out. */
export async function CalendarPage({ area }: { area?: string }) {
  const a = area ? getArea(area) : undefined;
  if (area && !a?.publicPath) notFound();
  const { upcoming, past } = await getCalendar(area);
  const feed = area ? `/flux/calendrier/${area}.ics` : '/flux/calendrier.ics';
  const filters = publicPublicationAreas();
  return (
    <>
      <Breadcrumbs items={[{ label: 'Calendrier des parutions', href: '/calendrier' }, ...(a ? [{ label: a.menuLabel }] : [])]} locale="fr" />
      <h1 className="text-3xl font-bold leading-tight">Calendrier des parutions{a ? ` : ${a.menuLabel}` : ''}</h1>
      <p className="mt-4 max-w-3xl text-lg">
        L’institut annonce à l’avance la date et l’heure de chaque publication et s’y tient. Un changement de date est publié avec sa raison. Heures
        indiquées : {zoneName(env.TIME_ZONE)}.
      </p>
      <p className="mt-3">
        <a href={feed} className="underline">
          S’abonner au calendrier{a ? ` de la rubrique ${a.menuLabel}` : ''} (iCalendar)
        </a>
      </p>
      <nav aria-label="Filtrer par rubrique" className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          <li>
            <Link href="/calendrier" aria-current={!area ? 'page' : undefined} className="inline-block rounded-full border border-border px-3 py-1 no-underline aria-[current=page]:bg-primary aria-[current=page]:text-primary-fg">
              Toutes
            </Link>
          </li>
          {filters.map((f) => (
            <li key={f.slug}>
              <Link
                href={`/calendrier/rubrique/${f.slug}`}
                aria-current={area === f.slug ? 'page' : undefined}
                className="inline-block rounded-full border border-border px-3 py-1 no-underline aria-[current=page]:bg-primary aria-[current=page]:text-primary-fg"
              >
                {f.menuLabel}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="a-venir" className="mt-8">
        <h2 id="a-venir" className="text-2xl font-bold">
          À venir
        </h2>
        <ReleaseList releases={upcoming} empty="Aucune parution annoncée." />
      </section>
      <section aria-labelledby="passees" className="mt-10">
        <h2 id="passees" className="text-2xl font-bold">
          Parutions passées
        </h2>
        <ReleaseList releases={past} empty="Aucune parution passée." />
      </section>
    </>
  );
}

/** /calendrier/{slug}: one release, its status, its date history with reasons, what it published, a contact. */
export async function ReleasePage({ slug }: { slug: string }) {
  const data = await getRelease(slug);
  if (!data) notFound();
  const { release: r, changes } = data;
  const area = getArea(r.area);
  const tz = env.TIME_ZONE;
  return (
    <>
      <Breadcrumbs items={[{ label: 'Calendrier des parutions', href: '/calendrier' }, { label: r.title }]} locale="fr" />
      <h1 className="text-3xl font-bold leading-tight">{r.title}</h1>
      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">Statut</dt>
        <dd>{releaseStatusLabel[r.status]}</dd>
        <dt className="font-semibold">{r.status === 'published' ? 'Publié le' : r.status === 'cancelled' ? 'Était prévu le' : 'Date de parution'}</dt>
        <dd>
          <time dateTime={r.scheduledAt.toISOString()}>{releaseWhen(r, tz)}</time>
        </dd>
        {area?.publicPath ? (
          <>
            <dt className="font-semibold">Rubrique</dt>
            <dd>
              <Link href={area.publicPath} className="underline">
                {area.menuLabel}
              </Link>
            </dd>
          </>
        ) : null}
        {r.contact ? (
          <>
            <dt className="font-semibold">Contact</dt>
            <dd>{r.contact}</dd>
          </>
        ) : null}
      </dl>
      {r.status === 'cancelled' && r.reason ? (
        <p className="mt-6 rounded-md border border-border bg-surface p-4" role="note">
          <strong>Avis d’annulation : </strong>
          {r.reason}
        </p>
      ) : null}
      {r.publications.length + r.versions.length > 0 ? (
        <section aria-labelledby="publie" className="mt-8">
          <h2 id="publie" className="text-xl font-bold">
            Ce qui a été publié
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {r.publications.map((p) => (
              <li key={`${p.area}/${p.slug}`}>
                <Link href={publicationUrl(p) ?? '/'} className="underline">
                  {p.title}
                </Link>
              </li>
            ))}
            {r.versions.map((v) => (
              <li key={`${v.code}-${v.number}`}>
                <Link href={seriesPath(v) ?? '/donnees'} className="underline">
                  {v.label}
                </Link>{' '}
                <span className="text-muted">
                  (série {v.code}, version {v.number})
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="historique" className="mt-8">
        <h2 id="historique" className="text-xl font-bold">
          Historique des dates
        </h2>
        {changes.length === 0 ? (
          <p className="mt-2 text-muted">La date annoncée n’a pas changé.</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {changes.map((c, i) => (
              <li key={i}>
                <p>
                  Prévue le <time dateTime={c.previousAt.toISOString()}>{formatInZone(c.previousAt, tz)}</time>, reportée au{' '}
                  <time dateTime={c.newAt.toISOString()}>{formatInZone(c.newAt, tz)}</time>.
                </p>
                <p className="text-sm">Raison : {c.reason}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
      <p className="mt-8">
        <Link href="/calendrier" className="underline">
          Tout le calendrier des parutions
        </Link>
      </p>
    </>
  );
}
