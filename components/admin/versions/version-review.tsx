'use client';
/**
 * The second pair of eyes on a version of versioned data — a series' values, a table's cells
 * (lib/versions) — not yet public: approve it or send it back to its writer with the reason
 * (`VersionReview`), or cancel it (`CancelVersion`). One component for every kind: the route hands
 * down its kind's server actions and words. Each form goes through the form kit's `useFormAction`:
 * a refused return keeps the reason typed, its error under the field, focused. A `step` field
 * names the act, for a kind whose one action takes all three.
 */
import { FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';

type Target = { code: string; number: number };

function TargetFields({ code, number, step }: Target & { step: 'approve' | 'return' | 'cancel' }) {
  return (
    <>
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="number" value={number} />
      <input type="hidden" name="step" value={step} />
    </>
  );
}

/**
 * Approve, or send back with a reason, a version submitted for review. Shown only to a reviewer
 * who may approve it (the action checks again on the server). `hint`: what approving means for
 * this kind, shown above the button.
 */
export function VersionReview<A, R>({
  code,
  number,
  approve: approveAction,
  sendBack,
  hint = null,
}: Target & { approve: FormAction<A>; sendBack: FormAction<R>; hint?: string | null }) {
  const approve = useFormAction(approveAction);
  const send = useFormAction(sendBack);
  const noteId = `renvoi-${code}-${number}`;
  const noteError = send.errors?.note?.[0];
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      <form {...approve.formProps} aria-label={`Approuver la version ${number}`} className="space-y-2">
        <TargetFields code={code} number={number} step="approve" />
        {hint ? <p className="text-sm">{hint}</p> : null}
        <SubmitButton pending={approve.pending} pendingLabel="Approbation…">
          Approuver
        </SubmitButton>
        <FormStatus result={approve.result} />
      </form>
      <form {...send.formProps} aria-label={`Renvoyer la version ${number} au rédacteur`} className="space-y-2">
        <TargetFields code={code} number={number} step="return" />
        <label htmlFor={noteId} className="block text-sm font-medium">
          Ce qu’il faut revoir (le rédacteur le lit)
        </label>
        <textarea
          id={noteId}
          name="note"
          rows={3}
          maxLength={2000}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${noteId}-erreur` : undefined}
          className="block w-full max-w-md rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down"
        />
        {noteError ? (
          <p id={`${noteId}-erreur`} className="text-sm text-down">
            {noteError}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={send.pending}
          className="rounded-md border border-border px-4 py-2 hover:bg-surface-2 disabled:opacity-70"
        >
          {send.pending ? 'Envoi…' : 'Renvoyer au rédacteur'}
        </button>
        <FormStatus result={send.result} />
      </form>
    </div>
  );
}

/**
 * Cancels a version not yet public: scheduled, or `waiting` for review (submitted or sent back).
 * Nothing of it was public, nothing of it will be.
 */
export function CancelVersion<C>({ code, number, cancel, waiting }: Target & { cancel: FormAction<C>; waiting: boolean }) {
  const { formProps, result, pending } = useFormAction(cancel);
  return (
    <form {...formProps} aria-label={`Annuler la version ${number}`} className="mt-3">
      <TargetFields code={code} number={number} step="cancel" />
      <SubmitButton pending={pending} pendingLabel="Annulation…">
        {waiting ? `Annuler la version ${number}` : `Annuler la version ${number} programmée`}
      </SubmitButton>
      <FormStatus result={result} />
    </form>
  );
}
