'use client';
/**
 * Writes a previewed import as a new version (now, at a time, or with a calendar release), or
 * cancels it: one component for every kind of versioned data (a series file, a table file), the
 * route handing down its kind's server actions and words. `canPublish`: the file has something to
 * publish and no error; `mayPublish` and `mayCancel`: the user's role allows it (the kind's area
 * writers and publishers write the version; the import's author or a publisher cancels).
 * `reviewNote`: why the version will be submitted for review. Through the form kit's
 * `useFormAction`: a refused publication keeps the time and reason typed.
 */
import { FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';
import { AccessNote } from '@/components/admin/read-only';
import { PublishFields, type ReleaseChoice } from '@/components/admin/versions/publish-fields';

/** What differs between kinds: who prepares the version, and the button's words (« ces valeurs », « cette version »). */
export type ImportConfirmWords = {
  /** Shown to a user who may read the preview but not write the version. */
  whoPrepares: string;
  /** The button when the version will be submitted for review. */
  submit: string;
  /** The button when it is approved at once (an approver under self-approval). */
  publish: string;
};

export function ImportConfirm<P, C>({
  id,
  publishAction,
  cancelAction,
  words,
  canPublish,
  mayPublish,
  mayCancel,
  releases,
  zone,
  reviewNote = null,
}: {
  id: string;
  publishAction: FormAction<P>;
  cancelAction: FormAction<C>;
  words: ImportConfirmWords;
  canPublish: boolean;
  mayPublish: boolean;
  mayCancel: boolean;
  releases: ReleaseChoice[];
  zone: string;
  reviewNote?: string | null;
}) {
  const publish = useFormAction(publishAction);
  const cancel = useFormAction(cancelAction);
  return (
    <div className="mt-8 space-y-6">
      {canPublish && !mayPublish ? <AccessNote className="max-w-3xl">{words.whoPrepares}</AccessNote> : null}
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
          <SubmitButton pending={publish.pending} pendingLabel={reviewNote ? 'Envoi…' : 'Publication…'}>
            {reviewNote ? words.submit : words.publish}
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
