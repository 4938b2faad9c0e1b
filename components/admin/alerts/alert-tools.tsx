'use client';
import type { SubscriberExport } from '@/lib/alerts/admin';
import { Field, FormAlert, FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';

/** Publishers: a test message to one's own address. */
export function TestMessageForm({ action, to }: { action: FormAction<null>; to: string }) {
  const { formProps, result, alert, pending } = useFormAction(action);
  return (
    <form {...formProps} className="mt-3 space-y-2">
      <p className="text-sm text-muted">Le message part vers l’adresse de votre compte ({to}), par le même chemin que les alertes.</p>
      <FormAlert message={alert} />
      <SubmitButton pending={pending} pendingLabel="Envoi…">
        Envoyer un message d’essai
      </SubmitButton>
      <FormStatus result={result} />
    </form>
  );
}

/** Administrators: one address's data, exported or deleted on its owner's request. */
export function SubscriberRequestForms({
  exportAction,
  deleteAction,
}: {
  exportAction: FormAction<SubscriberExport>;
  deleteAction: FormAction<null>;
}) {
  const exporting = useFormAction(exportAction);
  const deleting = useFormAction(deleteAction);
  const data = exporting.result?.ok ? exporting.result.data : null;
  return (
    <div className="mt-3 grid gap-6 md:grid-cols-2">
      <form {...exporting.formProps} className="space-y-2">
        <h3 className="font-semibold">Exporter les données d’une adresse</h3>
        <FormAlert message={exporting.alert} />
        <Field name="email" id="export-email" label="Adresse de l’abonné" type="email" required errors={exporting.errors} />
        <SubmitButton pending={exporting.pending} pendingLabel="Recherche…">
          Exporter
        </SubmitButton>
        <FormStatus result={exporting.result} />
        {data ? (
          <>
            <pre className="max-h-64 overflow-auto rounded-md border border-border p-2 text-xs">{JSON.stringify(data, null, 2)}</pre>
            <a
              download="abonne-alertes.json"
              href={`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(data, null, 2))}`}
              className="underline"
            >
              Télécharger (JSON)
            </a>
          </>
        ) : null}
      </form>
      <form {...deleting.formProps} className="space-y-2">
        <h3 className="font-semibold">Effacer une adresse</h3>
        <FormAlert message={deleting.alert} />
        <Field
          name="email"
          id="delete-email"
          label="Adresse de l’abonné"
          type="email"
          required
          errors={deleting.errors}
          hint="L’adresse, ses choix et ses messages sont effacés aussitôt."
        />
        <SubmitButton pending={deleting.pending} pendingLabel="Effacement…">
          Effacer
        </SubmitButton>
        <FormStatus result={deleting.result} />
      </form>
    </div>
  );
}
