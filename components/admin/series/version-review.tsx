'use client';
/**
 * A publisher's second pair of eyes on a series version submitted for review (lib/series/versions.ts):
 * approve it, or send it back to its writer with the reason. Both through the form kit's
 * `useFormAction`: a refused return keeps the reason typed, its error under the field, focused.
 */
import { FormStatus, SubmitButton, useFormAction } from '@/components/admin/form-kit';
import { approveVersionAction, returnVersionAction } from '@/app/admin/(shell)/series/actions';

export function VersionReview({ code, number }: { code: string; number: number }) {
  const approve = useFormAction(approveVersionAction);
  const send = useFormAction(returnVersionAction);
  const noteId = `renvoi-${code}-${number}`;
  const noteError = send.errors?.note?.[0];
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      <form {...approve.formProps} aria-label={`Approuver la version ${number}`} className="space-y-2">
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="number" value={number} />
        <p className="text-sm">Vous avez vérifié ses valeurs : approuvez-la pour qu’elle soit mise en ligne à son heure.</p>
        <SubmitButton pending={approve.pending} pendingLabel="Approbation…">
          Approuver
        </SubmitButton>
        <FormStatus result={approve.result} />
      </form>
      <form {...send.formProps} aria-label={`Renvoyer la version ${number} au rédacteur`} className="space-y-2">
        <input type="hidden" name="code" value={code} />
        <input type="hidden" name="number" value={number} />
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
