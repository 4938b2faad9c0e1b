'use client';
/**
 * Writes a previewed table import as a new version (now, at a time, or with a calendar release), or
 * cancels it: both through admin actions. A refused publication keeps the time and reason typed.
 */
import { FormStatus, SubmitButton, useFormAction } from '@/components/admin/form-kit';
import { AccessNote } from '@/components/admin/read-only';
import { PublishFields, type ReleaseChoice } from '@/components/admin/series/publish-fields';
import { cancelTableImportAction, publishTableImportAction } from '@/app/admin/(shell)/tableaux/actions';

export function TableImportConfirm({
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
  const publish = useFormAction(publishTableImportAction);
  const cancel = useFormAction(cancelTableImportAction);
  return (
    <div className="mt-8 space-y-6">
      {canPublish && !mayPublish ? (
        <AccessNote className="max-w-3xl">
          Un rédacteur de la rubrique de ce tableau, ou un responsable de publication, prépare cette version : transmettez-lui l’adresse de
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
          <SubmitButton pending={publish.pending} pendingLabel="Enregistrement…">
            {reviewNote ? 'Soumettre cette version pour relecture' : 'Publier cette version'}
          </SubmitButton>
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
