import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CancelForm, ConfirmForm, MoveForm, ReleaseEnglishForm, ReleaseReviewForms } from '@/components/admin/calendar/release-forms';
import { LinkPublicationForm, UnlinkPublicationButton } from '@/components/admin/calendar/release-links';
import { AccessNote } from '@/components/admin/read-only';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getArea } from '@/lib/content/areas';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { formatInZone, releaseStatusLabel, toZonedInput, zoneName } from '@/lib/releases/model';
import { linkablePublications, linkedPublications, linkedVersions } from '@/lib/releases/links';
import { releaseForAdmin } from '@/lib/releases/queries';
import { readinessOf, releasesAtRisk } from '@/lib/releases/review';
import { reviewLabels } from '@/lib/review/model';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { releasePath } from '@/lib/content/addresses';
import {
  cancelReleaseAction,
  confirmReleaseAction,
  linkPublicationAction,
  moveReleaseAction,
  reviewReleaseAction,
  translateReleaseAction,
  unlinkPublicationAction,
} from '../actions';

type Props = { params: Promise<{ id: string }> };

export const metadata = { title: 'Parution — Administration' };

/** `datetime-local` value of an instant in the institute's zone (the zone the forms use). */
const local = (d: Date) => toZonedInput(d, env.TIME_ZONE);

export default async function ReleaseAdminPage({ params }: Props) {
  const actor = await adminActor();
  const { id: raw } = await params;
  if (!/^[1-9]\d{0,9}$/.test(raw)) notFound();
  const data = await releaseForAdmin(await getDb(), Number(raw));
  if (!data) notFound();
  const { row, changes } = data;
  // A change of a release on the public calendar is public at once: publishers of its area; one a
  // Rédacteur prepared (not yet approved) is its area's writers' too (calendrier/actions.ts).
  // Linking a publication schedules it: publishers only.
  const mayPublish = can(actor, needs.publish([row.area]));
  const mayWrite = row.publicSince === null ? can(actor, needs.editDraft([row.area])) : mayPublish;
  const open = row.status !== 'cancelled' && row.status !== 'published';
  const db = await getDb();
  const [pubs, versions, linkable, readiness, risks, selfApproval] = await Promise.all([
    linkedPublications(db, [row.id]),
    linkedVersions(db, [row.id]),
    open && mayPublish ? linkablePublications(db) : [],
    readinessOf(db, [row.id]),
    releasesAtRisk(db),
    selfApprovalAllowed(db),
  ]);
  const ready = readiness.get(row.id);
  // Within 24 h of its minute (or past it) and not ready: nothing of it would go out.
  const atRisk = risks.find((r) => r.id === row.id);
  const ownWork = row.editedBy === actor.id && !selfApproval;
  const may = {
    submit: open && row.review === 'none' && can(actor, needs.editDraft([row.area])),
    approve: open && row.review !== 'approved' && can(actor, needs.review([row.area])) && !ownWork,
    return: open && row.review !== 'none' && can(actor, needs.review([row.area])),
  };
  const carried = pubs.get(row.id) ?? [];
  const carriedVersions = versions.get(row.id) ?? [];
  const canLink = row.status === 'confirmed' || row.status === 'postponed';
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/calendrier">Calendrier des parutions</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{row.title}</h1>
      <p className="mt-2">
        {releaseStatusLabel[row.status]} · {formatInZone(row.scheduledAt, env.TIME_ZONE)}
        {row.provisionalLabel ? ` · fenêtre provisoire « ${row.provisionalLabel} »` : ''} ·{' '}
        <Link href={releasePath(row)} prefetch={false}>
          page publique
        </Link>
      </p>
      {row.reason ? (
        <p className="mt-2 text-muted">
          {row.status === 'cancelled' ? 'Avis' : 'Dernière raison'} : {row.reason}
        </p>
      ) : null}
      <section aria-labelledby="relecture" className={`mt-6 max-w-3xl rounded-md border p-4 ${atRisk ? 'border-down' : 'border-border'}`}>
        <h2 id="relecture" className="font-semibold">
          Relecture : <span data-testid="relecture-parution">{reviewLabels[row.review]}</span>
        </h2>
        {atRisk ? (
          <p role="alert" className="mt-2 font-medium text-down">
            {atRisk.overdue
              ? 'L’heure de cette parution est passée : rien n’en est sorti,'
              : 'Cette parution sort dans moins de 24 h et rien n’en sortira :'}{' '}
            il manque l’approbation de {atRisk.missing.map((m) => m.label).join(', ')}.
          </p>
        ) : ready && !ready.ready && open ? (
          <p className="mt-2 text-sm">
            Elle ne sortira à son heure qu’approuvée avec tout ce qu’elle porte. Il manque l’approbation de{' '}
            {ready.missing.map((m) => m.label).join(', ')}.
          </p>
        ) : open ? (
          <p className="mt-2 text-sm">Approuvée avec tout ce qu’elle porte : elle sortira à son heure.</p>
        ) : null}
        {row.review === 'none' && row.reviewNote ? <p className="mt-2 text-sm">Renvoyée : {row.reviewNote}</p> : null}
        {ownWork && open && row.review !== 'approved' && can(actor, needs.review([row.area])) ? (
          <p className="mt-2 text-sm text-muted">Vous avez modifié cette parution en dernier : une seconde personne l’approuve.</p>
        ) : null}
        {open ? <ReleaseReviewForms action={reviewReleaseAction} id={row.id} version={row.version} may={may} /> : null}
      </section>
      {row.publicSince === null && open ? (
        <p className="mt-4 max-w-3xl rounded-md border border-border bg-surface-2 p-3 text-sm">
          En préparation : cette parution n’est pas encore sur le calendrier public. Elle y paraît quand un responsable de publication
          l’approuve.
        </p>
      ) : null}
      {!mayWrite ? (
        <AccessNote className="mt-6 max-w-3xl">
          Vous pouvez lire cette parution ; un responsable de publication la confirme, la reporte, l’annule, en écrit la version anglaise et
          lui lie des contenus.
        </AccessNote>
      ) : null}
      {open && mayWrite ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-3">
          <section aria-labelledby="confirmer" className="rounded-md border border-border p-4">
            <h2 id="confirmer" className="mb-3 font-semibold">
              Confirmer
            </h2>
            <ConfirmForm
              action={confirmReleaseAction}
              id={row.id}
              version={row.version}
              at={local(row.scheduledAt)}
              zone={zoneName(env.TIME_ZONE)}
            />
          </section>
          <section aria-labelledby="reporter" className="rounded-md border border-border p-4">
            <h2 id="reporter" className="mb-3 font-semibold">
              Reporter
            </h2>
            <MoveForm
              action={moveReleaseAction}
              id={row.id}
              version={row.version}
              at={local(row.scheduledAt)}
              zone={zoneName(env.TIME_ZONE)}
            />
          </section>
          <section aria-labelledby="annuler" className="rounded-md border border-border p-4">
            <h2 id="annuler" className="mb-3 font-semibold">
              Annuler
            </h2>
            <CancelForm action={cancelReleaseAction} id={row.id} version={row.version} />
          </section>
        </div>
      ) : open ? null : (
        <p className="mt-6 text-muted">Cette parution est {releaseStatusLabel[row.status]}e : elle ne change plus.</p>
      )}
      <section aria-labelledby="anglais" className="mt-10 max-w-2xl">
        <h2 id="anglais" className="text-xl font-bold">
          Version anglaise
        </h2>
        <ReleaseEnglishForm
          action={translateReleaseAction}
          id={row.id}
          version={row.version}
          english={row.translations.en ?? {}}
          provisional={row.status === 'announced' && row.provisionalLabel !== null}
          reason={row.reason ? (row.status === 'cancelled' ? 'notice' : 'reason') : null}
          contact={row.contact.trim() !== ''}
          readOnly={mayWrite ? null : 'Un responsable de publication écrit la version anglaise.'}
        />
      </section>
      <section aria-labelledby="contenus" className="mt-10">
        <h2 id="contenus" className="text-xl font-bold">
          Contenus de la parution
        </h2>
        <p className="mt-1 text-muted">
          Tout ce qui est lié ici est mis en ligne ensemble à l’heure de la parution, et reste invisible au public avant : pages, fichiers,
          API, flux, plan du site.
        </p>
        {carried.length + carriedVersions.length === 0 ? (
          <p className="mt-3">Aucun contenu lié.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {carried.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center gap-3">
                <Link href={`${getArea(p.area)?.adminPath ?? '/admin'}/${p.id}`}>{p.title}</Link>
                <span className="text-sm text-muted">
                  {p.status === 'published' ? 'en ligne' : p.status === 'scheduled' ? 'programmée' : 'brouillon'}
                </span>
                {open && mayPublish ? (
                  <UnlinkPublicationButton action={unlinkPublicationAction} releaseId={row.id} publicationId={p.id} title={p.title} />
                ) : null}
              </li>
            ))}
            {carriedVersions.map((v) => (
              <li key={`${v.code}-${v.number}`}>
                <Link href={`/admin/series/${v.code}`}>
                  Série {v.code}, version {v.number}
                </Link>{' '}
                <span className="text-sm text-muted">{v.label}</span>
              </li>
            ))}
          </ul>
        )}
        {!mayPublish ? null : open && canLink ? (
          <LinkPublicationForm
            action={linkPublicationAction}
            releaseId={row.id}
            choices={linkable.map((p) => ({
              id: p.id,
              label: `${getArea(p.area)?.label ?? p.area} — ${p.title}${p.status === 'scheduled' ? ' (programmée)' : ''}`,
            }))}
          />
        ) : open ? (
          <p className="mt-3 text-muted">Confirmez la date pour lier des contenus à cette parution.</p>
        ) : null}
        {open && canLink && mayPublish ? (
          <p className="mt-3 text-sm text-muted">
            Pour des valeurs de séries : <Link href="/admin/series/import">importez-les</Link> et choisissez cette parution à la
            publication.
          </p>
        ) : null}
      </section>
      <section aria-labelledby="historique" className="mt-10">
        <h2 id="historique" className="text-xl font-bold">
          Historique des dates
        </h2>
        {changes.length === 0 ? (
          <p className="mt-2 text-muted">Aucun report.</p>
        ) : (
          <ol className="mt-3 space-y-2">
            {changes.map((c) => (
              <li key={c.id}>
                {formatInZone(c.previousAt, env.TIME_ZONE)} → {formatInZone(c.newAt, env.TIME_ZONE)} : {c.reason}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
