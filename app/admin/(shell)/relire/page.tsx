import Link from 'next/link';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { reviewQueue, type ReviewQueueRow } from '@/lib/content/queries/review-queue';
import { getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/format';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { versionsAwaitingReview, type VersionAwaitingReview } from '@/lib/series/admin';
import { releasesAwaitingReview, type ReleaseAwaitingReview } from '@/lib/releases/review';

export const metadata = { title: 'À relire — Administration' };

/**
 * What waits for review (lib/review). A publisher sees what they may approve — in their areas,
 * and not their own last version unless self-approval is on — then what they wrote themselves,
 * which a colleague approves. A Rédacteur sees their submissions waiting.
 */
export default async function ReviewPage() {
  const actor = await adminActor();
  const db = await getDb();
  const [queue, versions, releases, selfApproval] = await Promise.all([reviewQueue(db), versionsAwaitingReview(db), releasesAwaitingReview(db), selfApprovalAllowed(db)]);
  const mayReview = (row: ReviewQueueRow) => can(actor, needs.review([row.area])) && (row.editedById !== actor.id || selfApproval);
  const toReview = queue.filter(mayReview);
  const mine = queue.filter((row) => !mayReview(row) && row.editedById === actor.id);
  // Series versions: the same split, their writer being whoever created them (lib/series/versions.ts).
  const mayReviewVersion = (v: VersionAwaitingReview) => can(actor, needs.review([v.area])) && (v.createdBy !== actor.id || selfApproval);
  const versionsToReview = versions.filter(mayReviewVersion);
  const myVersions = versions.filter((v) => !mayReviewVersion(v) && v.createdBy === actor.id);
  // Releases: approved as a whole (lib/releases/review.ts), their writer being who changed the entry last.
  const mayReviewRelease = (r: ReleaseAwaitingReview) => can(actor, needs.review([r.area])) && (r.editedBy !== actor.id || selfApproval);
  const releasesToReview = releases.filter(mayReviewRelease);
  const myReleases = releases.filter((r) => !mayReviewRelease(r) && r.editedBy === actor.id);
  const reviewer = can(actor, needs.review());
  return (
    <>
      <h1 className="text-2xl font-bold">À relire</h1>
      <p className="mt-2 max-w-prose text-muted">
        Ce qui a été soumis pour relecture. Une seconde personne approuve chaque élément avant sa mise en ligne
        {selfApproval ? ' (l’auto-approbation est activée : le dernier rédacteur peut aussi approuver son travail)' : ''}.
      </p>
      {reviewer ? <QueueTable caption="En attente de votre relecture" rows={toReview} empty="Rien n’attend votre relecture." /> : null}
      <QueueTable
        caption={reviewer ? 'Vos éléments, relus par une autre personne' : 'Vos éléments en attente de relecture'}
        rows={mine}
        empty="Vous n’avez rien soumis qui attende une relecture."
      />
      <h2 className="mt-10 text-xl font-bold">Versions de séries</h2>
      {reviewer ? <VersionTable caption="Versions de séries en attente de votre relecture" rows={versionsToReview} empty="Aucune version de série n’attend votre relecture." /> : null}
      <VersionTable
        caption={reviewer ? 'Vos versions de séries, relues par une autre personne' : 'Vos versions de séries en attente de relecture'}
        rows={myVersions}
        empty="Vous n’avez soumis aucune version de série qui attende une relecture."
      />
      <h2 className="mt-10 text-xl font-bold">Parutions du calendrier</h2>
      {reviewer ? <ReleaseList title="Parutions en attente de votre relecture" rows={releasesToReview} empty="Aucune parution n’attend votre relecture." /> : null}
      <ReleaseList title={reviewer ? 'Vos parutions, relues par une autre personne' : 'Vos parutions en attente de relecture'} rows={myReleases} empty="Vous n’avez soumis aucune parution qui attende une relecture." />
    </>
  );
}

function VersionTable({ caption, rows, empty }: { caption: string; rows: VersionAwaitingReview[]; empty: string }) {
  return (
    <section className="mt-6">
      {rows.length === 0 ? (
        <>
          <h3 className="font-semibold">{caption}</h3>
          <p className="mt-2 text-sm text-muted">{empty}</p>
        </>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="mb-2 text-left font-semibold">
            {caption} ({rows.length})
          </caption>
          <thead>
            <tr className="border-b border-border text-left">
              <th scope="col" className="py-2">Version</th>
              <th scope="col" className="py-2">Série</th>
              <th scope="col" className="py-2">Écrite par</th>
              <th scope="col" className="py-2">Soumise</th>
              <th scope="col" className="py-2">Mise en ligne prévue</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((v) => (
              <tr key={`${v.code}-${v.number}`} className="border-b border-border">
                <th scope="row" className="py-1.5 text-left font-normal">
                  <Link href={`/admin/series/${v.code}`}>
                    {v.code}, version {v.number}
                  </Link>
                </th>
                <td className="py-1.5">{v.label}</td>
                <td className="py-1.5">{v.createdByName ?? '—'}</td>
                <td className="py-1.5">{formatDateTime(v.submittedAt)}</td>
                <td className="py-1.5">{formatDateTime(v.publishedAt)} UTC, après approbation</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function QueueTable({ caption, rows, empty }: { caption: string; rows: ReviewQueueRow[]; empty: string }) {
  return (
    <section className="mt-8">
      {rows.length === 0 ? (
        <>
          <h2 className="font-semibold">{caption}</h2>
          <p className="mt-2 text-sm text-muted">{empty}</p>
        </>
      ) : (
        <table className="w-full border-collapse text-sm">
          <caption className="mb-2 text-left font-semibold">
            {caption} ({rows.length})
          </caption>
          <thead>
            <tr className="border-b border-border text-left">
              <th scope="col" className="py-2">Élément</th>
              <th scope="col" className="py-2">Rubrique</th>
              <th scope="col" className="py-2">Écrit par</th>
              <th scope="col" className="py-2">Soumis</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.kind}-${row.id}`} className="border-b border-border">
                <th scope="row" className="py-1.5 text-left font-normal">
                  <Link href={row.editPath}>{row.title}</Link>
                </th>
                <td className="py-1.5">{row.areaLabel}</td>
                <td className="py-1.5">{row.editedByName ?? '—'}</td>
                <td className="py-1.5">
                  {row.submittedAt ? formatDateTime(row.submittedAt) : '—'}
                  {row.submittedByName ? ` par ${row.submittedByName}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function ReleaseList({ title, rows, empty }: { title: string; rows: ReleaseAwaitingReview[]; empty: string }) {
  return (
    <section className="mt-6">
      <h3 className="font-semibold">
        {title}
        {rows.length > 0 ? ` (${rows.length})` : ''}
      </h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {rows.map((r) => (
            <li key={r.id}>
              <Link href={`/admin/calendrier/${r.id}`}>{r.title}</Link> — parution le {formatDateTime(r.scheduledAt)}
              {r.submittedAt ? `, soumise le ${formatDateTime(r.submittedAt)}` : ''}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
