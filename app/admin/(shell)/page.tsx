import Link from 'next/link';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { recentActivity } from '@/lib/admin/journal';
import { areas } from '@/lib/content/areas';
import { countsPerArea } from '@/lib/content/queries/admin-items';
import { getDb } from '@/lib/db';
import { fileUrl } from '@/lib/content/addresses';
import { mostDownloadedFiles } from '@/lib/files/library';
import { formatDateTime } from '@/lib/i18n/format';
import { reviewQueue } from '@/lib/content/queries/review-queue';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { releasesAtRisk } from '@/lib/releases/review';

export default async function DashboardPage() {
  const user = await adminActor();
  const db = await getDb();
  const [counts, activity, downloads, queue, selfApproval] = await Promise.all([
    countsPerArea(db),
    recentActivity(db, 10),
    mostDownloadedFiles(db, 5),
    reviewQueue(db),
    selfApprovalAllowed(db),
  ]);
  // Releases within 24 h of their minute (or past it) that would not go out: every user sees them.
  const atRisk = await releasesAtRisk(db);
  // What this user may approve now (lib/review): their areas, not their own last version unless self-approval.
  const toReview = queue.filter((row) => can(user, needs.review([row.area])) && (row.editedById !== user.id || selfApproval)).length;
  const listed = areas.filter((a) => a.kind !== 'pages');
  const totals = listed.reduce(
    (t, a) => ({ drafts: t.drafts + (counts[a.slug]?.drafts ?? 0), scheduled: t.scheduled + (counts[a.slug]?.scheduled ?? 0) }),
    { drafts: 0, scheduled: 0 },
  );
  return (
    <>
      <h1 className="text-2xl font-bold">Tableau de bord</h1>
      <p className="mt-2 text-muted">
        Bonjour {user.name}. {totals.drafts} brouillon{totals.drafts > 1 ? 's' : ''} et {totals.scheduled} publication
        {totals.scheduled > 1 ? 's' : ''} programmée
        {totals.scheduled > 1 ? 's' : ''} en attente.
      </p>
      {atRisk.length > 0 ? (
        <section aria-labelledby="parutions-a-risque" className="mt-4 max-w-3xl rounded-md border border-down p-4">
          <h2 id="parutions-a-risque" className="font-semibold text-down">
            Parutions qui ne sortiront pas à leur heure
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {atRisk.map((r) => (
              <li key={r.id}>
                <Link href={`/admin/calendrier/${r.id}`} className="underline">
                  {r.title}
                </Link>{' '}
                — {r.overdue ? 'heure passée' : formatDateTime(r.scheduledAt)} : il manque l’approbation de{' '}
                {r.missing.map((m) => m.label).join(', ')}.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {toReview > 0 ? (
        <p className="mt-2">
          <Link href="/admin/relire">
            {toReview} élément{toReview > 1 ? 's' : ''} à relire
          </Link>
        </p>
      ) : null}
      <div className="mt-6 grid gap-10 xl:grid-cols-2">
        <table className="w-full border-collapse text-sm">
          <caption className="mb-2 text-left font-semibold">Contenus par rubrique</caption>
          <thead>
            <tr className="border-b border-border text-left">
              <th scope="col" className="py-2">
                Rubrique
              </th>
              <th scope="col" className="py-2 ps-6 text-right">
                Éléments
              </th>
              <th scope="col" className="py-2 ps-6 text-right">
                Brouillons
              </th>
              <th scope="col" className="py-2 ps-6 text-right">
                Programmés
              </th>
            </tr>
          </thead>
          <tbody>
            {listed.map((a) => (
              <tr key={a.slug} className="border-b border-border">
                <th scope="row" className="py-1.5 text-left font-normal">
                  <Link href={a.adminPath}>{a.label}</Link>
                </th>
                <td className="py-1.5 ps-6 text-right tabular-nums">{counts[a.slug]?.total ?? 0}</td>
                <td className="py-1.5 ps-6 text-right tabular-nums">{counts[a.slug]?.drafts ?? 0}</td>
                <td className="py-1.5 ps-6 text-right tabular-nums">{counts[a.slug]?.scheduled ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="space-y-10">
          <section aria-labelledby="activite">
            <div className="flex items-baseline justify-between gap-4">
              <h2 id="activite" className="font-semibold">
                Activité récente
              </h2>
              {can(user, needs.journal) ? (
                <Link href="/admin/journal" className="text-sm">
                  Tout le journal
                </Link>
              ) : null}
            </div>
            {activity.length === 0 ? (
              <p className="mt-2 text-sm text-muted">Aucune modification pour l’instant.</p>
            ) : (
              <ul className="mt-2 space-y-2 text-sm">
                {activity.map((e) => (
                  <li key={e.id}>
                    <time dateTime={e.at} className="text-muted">
                      {formatDateTime(e.at)}
                    </time>{' '}
                    — {e.actor ?? 'Système'} :{' '}
                    {e.href ? (
                      <Link href={e.href} className="underline">
                        {e.summary ?? e.actionLabel}
                      </Link>
                    ) : (
                      (e.summary ?? e.actionLabel)
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="telecharges">
            <h2 id="telecharges" className="font-semibold">
              Fichiers les plus téléchargés
            </h2>
            {downloads.length === 0 ? (
              <p className="mt-2 text-sm text-muted">Aucun téléchargement compté pour l’instant.</p>
            ) : (
              <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
                {downloads.map((f) => (
                  <li key={f.id}>
                    <a href={fileUrl(f)}>{f.name}</a> — {f.downloadCount.toLocaleString('fr-FR')} téléchargement
                    {f.downloadCount > 1 ? 's' : ''}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
