import { SubscriberRequestForms, TestMessageForm } from '@/components/admin/alerts/alert-tools';
import { Refused } from '@/components/admin/refused';
import { can, needs } from '@/lib/admin/access';
import { pageRefusal } from '@/lib/admin/page-access';
import { outboxState, subscriberCounts } from '@/lib/alerts/admin';
import { alertAreaLabel } from '@/lib/alerts/areas';
import { appMailer } from '@/lib/alerts/service';
import { getDb } from '@/lib/db';
import { formatDateTime } from '@/lib/i18n/format';
import { deleteSubscriberAction, exportSubscriberAction, sendTestAlertAction } from './actions';

export const metadata = { title: 'Alertes par courriel — Administration' };

const statusLabels = { pending: 'En attente', sending: 'En cours d’envoi', sent: 'Envoyés', failed: 'Abandonnés' } as const;
const kindLabels: Record<string, string> = {
  release: 'Parution',
  correction: 'Correction',
  confirm: 'Confirmation',
  manage: 'Lien de gestion',
};

export default async function AlertsPage() {
  const { actor, reason } = await pageRefusal(needs.alertCounts);
  if (reason) return <Refused reason={reason} />;
  const db = await getDb();
  const counts = await subscriberCounts(db);
  const showOutbox = can(actor, needs.alertOutbox);
  const outbox = showOutbox ? await outboxState(db) : null;
  const th = 'border-b border-border px-2 py-1 text-left';
  const td = 'border-b border-border px-2 py-1';
  return (
    <>
      <h1 className="text-2xl font-bold">Alertes par courriel</h1>
      <p className="mt-2 text-muted">
        Les lecteurs s’abonnent depuis le calendrier, les pages des rubriques et des parutions ; chaque parution et chaque correction leur
        est envoyée à la minute. Aucune adresse n’est affichée ici.
      </p>
      <section aria-labelledby="abonnes" className="mt-6">
        <h2 id="abonnes" className="text-xl font-semibold">
          Abonnés
        </h2>
        <p className="mt-2">
          {counts.confirmed} abonné(s) confirmé(s), dont {counts.allAreas} à toutes les rubriques ; {counts.pending} adresse(s) en attente
          de confirmation (effacées après 7 jours).
        </p>
        <table className="mt-3 text-sm">
          <caption className="sr-only">Abonnés confirmés par rubrique (hors « toutes les rubriques »)</caption>
          <thead>
            <tr>
              <th scope="col" className={th}>
                Rubrique
              </th>
              <th scope="col" className={th}>
                Abonnés
              </th>
            </tr>
          </thead>
          <tbody>
            {counts.byArea.map((a) => (
              <tr key={a.area}>
                <td className={td}>{a.label}</td>
                <td className={`${td} tabular-nums`}>{a.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {outbox ? (
        <section aria-labelledby="envois" className="mt-8">
          <h2 id="envois" className="text-xl font-semibold">
            File d’envoi
          </h2>
          <p className="mt-2 text-sm text-muted">
            Envoi par{' '}
            {appMailer().kind === 'smtp' ? 'SMTP (SMTP_URL)' : 'fichiers .eml dans DATA_DIR/mail (SMTP_URL absent : rien ne part)'}. Un
            message refusé est réessayé après 1, 2, 4… minutes, puis abandonné.
          </p>
          <ul className="mt-2 flex flex-wrap gap-4">
            {(Object.keys(statusLabels) as (keyof typeof statusLabels)[]).map((s) => (
              <li key={s}>
                {statusLabels[s]} : <strong className="tabular-nums">{outbox.byStatus[s]}</strong>
              </li>
            ))}
          </ul>
          <table className="mt-3 text-sm">
            <caption className="text-left font-medium">Derniers événements</caption>
            <thead>
              <tr>
                {['Quand', 'Type', 'Rubrique', 'Envoyés', 'En attente', 'Abandonnés'].map((h) => (
                  <th key={h} scope="col" className={th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {outbox.events.map((e) => (
                <tr key={e.id}>
                  <td className={td}>{formatDateTime(e.createdAt)}</td>
                  <td className={td}>{kindLabels[e.kind] ?? e.kind}</td>
                  <td className={td}>{alertAreaLabel(e.area, 'fr')}</td>
                  <td className={`${td} tabular-nums`}>{e.sent}</td>
                  <td className={`${td} tabular-nums`}>{e.waiting}</td>
                  <td className={`${td} tabular-nums`}>{e.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {outbox.failures.length > 0 ? (
            <table className="mt-4 text-sm">
              <caption className="text-left font-medium">Messages abandonnés (les plus récents)</caption>
              <thead>
                <tr>
                  {['Créé', 'Type', 'Essais', 'Dernière erreur'].map((h) => (
                    <th key={h} scope="col" className={th}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {outbox.failures.map((f) => (
                  <tr key={f.id}>
                    <td className={td}>{formatDateTime(f.createdAt)}</td>
                    <td className={td}>{kindLabels[f.kind] ?? f.kind}</td>
                    <td className={`${td} tabular-nums`}>{f.attempts}</td>
                    <td className={td}>{f.lastError}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <h3 className="mt-6 font-semibold">Message d’essai</h3>
          <TestMessageForm action={sendTestAlertAction} to={actor.email} />
        </section>
      ) : null}
      {can(actor, needs.alertSubscriber) ? (
        <section aria-labelledby="demandes" className="mt-8">
          <h2 id="demandes" className="text-xl font-semibold">
            Demandes d’un abonné (données personnelles)
          </h2>
          <SubscriberRequestForms exportAction={exportSubscriberAction} deleteAction={deleteSubscriberAction} />
        </section>
      ) : null}
    </>
  );
}
