'use client';
/**
 * Publishes a previewed import (now or at a time), or cancels it: both through admin actions.
 * `canPublish`: the file has values to publish and no error; `mayPublish` and `mayCancel`: the
 * user's role allows it (a publisher publishes; the import's author or a publisher cancels).
 */
import { useActionState } from 'react';
import { FormStatus, SubmitButton, useResultToast } from '@/components/admin/form-kit';
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
}: {
  id: string;
  canPublish: boolean;
  mayPublish: boolean;
  mayCancel: boolean;
  releases: ReleaseChoice[];
  zone: string;
}) {
  const [published, publish] = useActionState(publishImportAction, null);
  const [cancelled, cancel] = useActionState(cancelImportAction, null);
  useResultToast(published);
  useResultToast(cancelled);
  const errors = published && !published.ok ? published.fieldErrors : undefined;
  return (
    <div className="mt-8 space-y-6">
      {canPublish && !mayPublish ? (
        <AccessNote className="max-w-3xl">Un responsable de publication publie ces valeurs : transmettez-lui l’adresse de cette page.</AccessNote>
      ) : null}
      {canPublish && mayPublish ? (
        <form action={publish} className="space-y-4">
          <input type="hidden" name="id" value={id} />
          <PublishFields errors={errors} releases={releases} zone={zone} />
          <FormStatus result={published} />
          <SubmitButton pendingLabel="Publication…">Publier ces valeurs</SubmitButton>
        </form>
      ) : null}
      {mayCancel ? (
        <form action={cancel}>
          <input type="hidden" name="id" value={id} />
          <button type="submit" className="rounded-md border border-border px-4 py-2 hover:bg-surface-2">
            Annuler l’import (rien n’est enregistré)
          </button>
          <FormStatus result={cancelled} />
        </form>
      ) : null}
    </div>
  );
}
