import Link from 'next/link';
import { notFound } from 'next/navigation';
import { CancelForm, ConfirmForm, MoveForm } from '@/components/admin/calendar/release-forms';
import { requireSession } from '@/lib/auth/guard';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { formatInZone, releaseStatusLabel } from '@/lib/releases/model';
import { releaseForAdmin } from '@/lib/releases/queries';

type Props = { params: Promise<{ id: string }> };

export const metadata = { title: 'Parution — Administration' };

/** `datetime-local` value of an instant, in UTC (the zone the forms use). */
const local = (d: Date) => d.toISOString().slice(0, 16);

export default async function ReleaseAdminPage({ params }: Props) {
  await requireSession();
  const { id: raw } = await params;
  if (!/^[1-9]\d{0,9}$/.test(raw)) notFound();
  const data = await releaseForAdmin(await getDb(), Number(raw));
  if (!data) notFound();
  const { row, changes } = data;
  const open = row.status !== 'cancelled' && row.status !== 'published';
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/calendrier">Calendrier des parutions</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{row.title}</h1>
      <p className="mt-2">
        {releaseStatusLabel[row.status]} · {formatInZone(row.scheduledAt, env.TIME_ZONE)}
        {row.provisionalLabel ? ` · fenêtre provisoire « ${row.provisionalLabel} »` : ''} ·{' '}
        <Link href={`/calendrier/${row.slug}`} prefetch={false}>
          page publique
        </Link>
      </p>
      {row.reason ? <p className="mt-2 text-muted">{row.status === 'cancelled' ? 'Avis' : 'Dernière raison'} : {row.reason}</p> : null}
      {open ? (
        <div className="mt-8 grid gap-8 lg:grid-cols-3">
          <section aria-labelledby="confirmer" className="rounded-md border border-border p-4">
            <h2 id="confirmer" className="mb-3 font-semibold">
              Confirmer
            </h2>
            <ConfirmForm id={row.id} version={row.version} at={local(row.scheduledAt)} />
          </section>
          <section aria-labelledby="reporter" className="rounded-md border border-border p-4">
            <h2 id="reporter" className="mb-3 font-semibold">
              Reporter
            </h2>
            <MoveForm id={row.id} version={row.version} at={local(row.scheduledAt)} />
          </section>
          <section aria-labelledby="annuler" className="rounded-md border border-border p-4">
            <h2 id="annuler" className="mb-3 font-semibold">
              Annuler
            </h2>
            <CancelForm id={row.id} version={row.version} />
          </section>
        </div>
      ) : (
        <p className="mt-6 text-muted">Cette parution est {releaseStatusLabel[row.status]}e : elle ne change plus.</p>
      )}
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
