'use client';
/**
 * What can be done with a table's version not yet public: approve it or send it back with a reason
 * (a publisher who did not write it), or cancel it. Each control shown only when the page's user may
 * use it; the action checks again on the server.
 */
import { FormStatus, SubmitButton, useFormAction } from '@/components/admin/form-kit';
import { reviewTableVersionAction } from '@/app/admin/(shell)/tableaux/actions';

export function TableVersionReview({
  code,
  number,
  mayReview,
  mayCancel,
  submitted,
}: {
  code: string;
  number: number;
  mayReview: boolean;
  mayCancel: boolean;
  /** Waiting for review (approve and send back apply); otherwise only cancelling does. */
  submitted: boolean;
}) {
  const approve = useFormAction(reviewTableVersionAction);
  const send = useFormAction(reviewTableVersionAction);
  const cancel = useFormAction(reviewTableVersionAction);
  const noteId = `renvoi-${code}-${number}`;
  const noteError = send.errors?.note?.[0];
  return (
    <div className="mt-3 grid gap-6 md:grid-cols-3">
      {mayReview && submitted ? (
        <form {...approve.formProps} aria-label={`Approuver la version ${number}`} className="space-y-2">
          <input type="hidden" name="code" value={code} />
          <input type="hidden" name="number" value={number} />
          <input type="hidden" name="step" value="approve" />
          <SubmitButton pending={approve.pending} pendingLabel="Approbation…">
            Approuver
          </SubmitButton>
          <FormStatus result={approve.result} />
        </form>
      ) : null}
      {mayReview && submitted ? (
        <form {...send.formProps} aria-label={`Renvoyer la version ${number} au rédacteur`} className="space-y-2">
          <input type="hidden" name="code" value={code} />
          <input type="hidden" name="number" value={number} />
          <input type="hidden" name="step" value="return" />
          <label htmlFor={noteId} className="block text-sm font-medium">
            Ce qu’il faut revoir (le rédacteur le lit)
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={2}
            maxLength={2000}
            aria-invalid={noteError ? true : undefined}
            aria-describedby={noteError ? `${noteId}-erreur` : undefined}
            className="block w-full rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down"
          />
          {noteError ? (
            <p id={`${noteId}-erreur`} className="text-sm text-down">
              {noteError}
            </p>
          ) : null}
          <button type="submit" disabled={send.pending} className="rounded-md border border-border px-4 py-2 hover:bg-surface-2">
            {send.pending ? 'Envoi…' : 'Renvoyer au rédacteur'}
          </button>
          <FormStatus result={send.result} />
        </form>
      ) : null}
      {mayCancel ? (
        <form {...cancel.formProps} aria-label={`Annuler la version ${number}`} className="space-y-2">
          <input type="hidden" name="code" value={code} />
          <input type="hidden" name="number" value={number} />
          <input type="hidden" name="step" value="cancel" />
          <button type="submit" disabled={cancel.pending} className="rounded-md border border-border px-4 py-2 hover:bg-surface-2">
            {cancel.pending ? 'Annulation…' : 'Annuler cette version'}
          </button>
          <FormStatus result={cancel.result} />
        </form>
      ) : null}
    </div>
  );
}
