import Link from 'next/link';
import type { ReactNode } from 'react';
import { getArea } from '@/lib/content/areas';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { reviewQueue, type ReviewQueueRow } from '@/lib/content/queries/review-queue';
import { getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/i18n/format';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { versionsAwaitingReview, type VersionAwaitingReview } from '@/lib/series/admin';
import { releasesAwaitingReview, type ReleaseAwaitingReview } from '@/lib/releases/review';
import { tableVersionsAwaitingReview, type TableVersionAwaitingReview } from '@/lib/tables/queries';

export const metadata = { title: 'À relire — Administration' };

/**
 * What waits for review (lib/review). A publisher sees what they may approve — in their areas,
 * and not their own last version unless self-approval is on — then what they wrote themselves,
 * which a colleague approves. A Rédacteur sees their submissions waiting.
 */
export default async function ReviewPage() {
  const actor = await adminActor();
  const db = await getDb();
  const [queue, versions, tableVersions, releases, selfApproval] = await Promise.all([
    reviewQueue(db),
    versionsAwaitingReview(db),
    tableVersionsAwaitingReview(db),
    releasesAwaitingReview(db),
    selfApprovalAllowed(db),
  ]);
  const mayReview = (row: ReviewQueueRow) => can(actor, needs.review([row.area])) && (row.editedById !== actor.id || selfApproval);
  const toReview = queue.filter(mayReview);
  const mine = queue.filter((row) => !mayReview(row) && row.editedById === actor.id);
  // Series versions: the same split, their writer being whoever created them (lib/series/versions.ts).
  const mayReviewVersion = (v: VersionAwaitingReview) => can(actor, needs.review([v.area])) && (v.createdBy !== actor.id || selfApproval);
  const versionsToReview = versions.filter(mayReviewVersion);
  const myVersions = versions.filter((v) => !mayReviewVersion(v) && v.createdBy === actor.id);
  // Table versions: the same split (lib/tables/versions.ts).
  const mayReviewTable = (v: TableVersionAwaitingReview) =>
    can(actor, needs.review([v.area])) && (v.createdBy !== actor.id || selfApproval);
  const tablesToReview = tableVersions.filter(mayReviewTable);
  const myTables = tableVersions.filter((v) => !mayReviewTable(v) && v.createdBy === actor.id);
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
      <h2 className="mt-8 text-xl font-bold">Contenus</h2>
      {reviewer ? (
        <ReviewTable caption="En attente de votre relecture" {...items(toReview)} empty="Rien n’attend votre relecture." />
      ) : null}
      <ReviewTable
        caption={reviewer ? 'Vos éléments, relus par une autre personne' : 'Vos éléments en attente de relecture'}
        {...items(mine)}
        empty="Vous n’avez rien soumis qui attende une relecture."
      />
      <h2 className="mt-10 text-xl font-bold">Versions de séries</h2>
      {reviewer ? (
        <ReviewTable
          caption="Versions de séries en attente de votre relecture"
          {...seriesVersions(versionsToReview)}
          empty="Aucune version de série n’attend votre relecture."
        />
      ) : null}
      <ReviewTable
        caption={reviewer ? 'Vos versions de séries, relues par une autre personne' : 'Vos versions de séries en attente de relecture'}
        {...seriesVersions(myVersions)}
        empty="Vous n’avez soumis aucune version de série qui attende une relecture."
      />
      <h2 className="mt-10 text-xl font-bold">Versions de tableaux</h2>
      {reviewer ? (
        <ReviewTable
          caption="Versions de tableaux en attente de votre relecture"
          {...tableVersionRows(tablesToReview)}
          empty="Aucune version de tableau n’attend votre relecture."
        />
      ) : null}
      <ReviewTable
        caption={reviewer ? 'Vos versions de tableaux, relues par une autre personne' : 'Vos versions de tableaux en attente de relecture'}
        {...tableVersionRows(myTables)}
        empty="Vous n’avez soumis aucune version de tableau qui attende une relecture."
      />
      <h2 className="mt-10 text-xl font-bold">Parutions du calendrier</h2>
      {reviewer ? (
        <ReviewTable
          caption="Parutions en attente de votre relecture"
          {...calendar(releasesToReview)}
          empty="Aucune parution n’attend votre relecture."
        />
      ) : null}
      <ReviewTable
        caption={reviewer ? 'Vos parutions, relues par une autre personne' : 'Vos parutions en attente de relecture'}
        {...calendar(myReleases)}
        empty="Vous n’avez soumis aucune parution qui attende une relecture."
      />
    </>
  );
}

/** One row of a review table: its link (the row's header) and its other cells. */
type Row = { key: string; href: string; label: string; cells: ReactNode[] };

/** The items waiting: title, area, writer, submission. */
const items = (rows: ReviewQueueRow[]) => ({
  headings: ['Élément', 'Rubrique', 'Écrit par', 'Soumis'],
  rows: rows.map((row): Row => ({
    key: `${row.kind}-${row.id}`,
    href: row.editPath,
    label: row.title,
    cells: [
      row.areaLabel,
      row.editedByName ?? '—',
      `${row.submittedAt ? formatDateTime(row.submittedAt) : '—'}${row.submittedByName ? ` par ${row.submittedByName}` : ''}`,
    ],
  })),
});

/** The series versions waiting: version, series, writer, submission, time. */
const seriesVersions = (rows: VersionAwaitingReview[]) => ({
  headings: ['Version', 'Série', 'Écrite par', 'Soumise', 'Mise en ligne prévue'],
  rows: rows.map((v): Row => ({
    key: `${v.code}-${v.number}`,
    href: `/admin/series/${v.code}`,
    label: `${v.code}, version ${v.number}`,
    cells: [v.label, v.createdByName ?? '—', formatDateTime(v.submittedAt), `${formatDateTime(v.publishedAt)} UTC, après approbation`],
  })),
});

/** The table versions waiting: version, table, writer, submission, time. */
const tableVersionRows = (rows: TableVersionAwaitingReview[]) => ({
  headings: ['Version', 'Tableau', 'Écrite par', 'Soumise', 'Mise en ligne prévue'],
  rows: rows.map((v): Row => ({
    key: `${v.code}-${v.number}`,
    href: `/admin/tableaux/${v.code}`,
    label: `${v.code}, version ${v.number}`,
    cells: [v.title, v.createdByName ?? '—', formatDateTime(v.submittedAt), `${formatDateTime(v.publishedAt)} UTC, après approbation`],
  })),
});

/** The calendar releases waiting: title, area, time, submission. */
const calendar = (rows: ReleaseAwaitingReview[]) => ({
  headings: ['Parution', 'Rubrique', 'Date de parution', 'Soumise'],
  rows: rows.map((r): Row => ({
    key: String(r.id),
    href: `/admin/calendrier/${r.id}`,
    label: r.title,
    cells: [
      getArea(r.area)?.menuLabel ?? r.area,
      `${formatDateTime(r.scheduledAt)} UTC`,
      r.submittedAt ? formatDateTime(r.submittedAt) : '—',
    ],
  })),
});

/** A table of what waits, with its count in its caption; a heading and a sentence when nothing does. */
function ReviewTable({ caption, headings, rows, empty }: { caption: string; headings: string[]; rows: Row[]; empty: string }) {
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
              {headings.map((h) => (
                <th key={h} scope="col" className="py-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-b border-border">
                <th scope="row" className="py-1.5 text-left font-normal">
                  <Link href={row.href}>{row.label}</Link>
                </th>
                {row.cells.map((cell, i) => (
                  <td key={i} className="py-1.5">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
