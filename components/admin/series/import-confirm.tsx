'use client';
/**
 * Publishes a previewed import (now or at a time), or cancels it: both through admin actions.
 * `canPublish`: the file has values to publish and no error; `mayPublish` and `mayCancel`: the
 * user's role allows it (the series' area writers and publishers write the version; the import's
 * author or a publisher cancels). `reviewNote`: why the version will be submitted for review. Sent
 * through the form kit's `useFormAction`: a refused publication keeps the time and reason typed.
 */
import { FormStatus, SubmitButton, useFormAction } from '@/components/admin/form-kit';
import { AccessNote } from '@/components/admin/read-only';
import { cancelImportAction, publishImportAction } from '@/app/admin/(shell)/series/actions';
import { PublishFields, type ReleaseChoice } from './publish-fields';

export function ImportConfirm({
  id,
  canPublish,
  mayPublish,
  mayCancel,
  releases,
  zone,
  reviewNote = null,
}: {
  id: string;
  canPublish: boolean;
  mayPublish: boolean;
  mayCancel: boolean;
  releases: ReleaseChoice[];
  zone: string;
  reviewNote?: string | null;
}) {
  const publish = useFormAction(publishImportAction);
  const cancel = useFormAction(cancelImportAction);
  return (
    <div className="mt-8 space-y-6">
      {canPublish && !mayPublish ? (
        <AccessNote className="max-w-3xl">
          Un rédacteur des rubriques de ces séries, ou un responsable de publication, prépare ces valeurs : transmettez-lui l’adresse de
          cette page.
        </AccessNote>
      ) : null}
      {canPublish && mayPublish ? (
        <form {...publish.formProps} className="space-y-4">
          <input type="hidden" name="id" value={id} />
          <PublishFields errors={publish.errors} releases={releases} zone={zone} />
          {reviewNote ? (
            <p role="note" className="max-w-3xl rounded-md border border-border bg-surface-2 p-2 text-sm">
              {reviewNote}
            </p>
          ) : null}
          <FormStatus result={publish.result} />
          {reviewNote ? (
            <SubmitButton pending={publish.pending} pendingLabel="Envoi…">
              Soumettre ces valeurs pour relecture
            </SubmitButton>
          ) : (
            <SubmitButton pending={publish.pending} pendingLabel="Publication…">
              Publier ces valeurs
            </SubmitButton>
          )}
        </form>
      ) : null}
      {mayCancel ? (
        <form {...cancel.formProps}>
          <input type="hidden" name="id" value={id} />
          <button type="submit" className="rounded-md border border-border px-4 py-2 hover:bg-surface-2">
            Annuler l’import (rien n’est enregistré)
          </button>
          <FormStatus result={cancel.result} />
        </form>
      ) : null}
    </div>
  );
}
