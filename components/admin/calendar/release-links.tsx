'use client';
/** What a release carries, on its admin screen: link a publication to it, or take one out. */
import { useActionState } from 'react';
import { FormStatus, SubmitButton, useResultToast } from '@/components/admin/form-kit';
import { linkPublicationAction, unlinkPublicationAction } from '@/app/admin/(shell)/calendrier/actions';

export function LinkPublicationForm({ releaseId, choices }: { releaseId: number; choices: { id: number; label: string }[] }) {
  const [result, action] = useActionState(linkPublicationAction, null);
  useResultToast(result);
  const error = result && !result.ok ? result.fieldErrors?.publicationId?.[0] : undefined;
  return (
    <form action={action} className="mt-4 space-y-3">
      <input type="hidden" name="releaseId" value={releaseId} />
      <div>
        <label htmlFor="link-publication" className="block text-sm font-medium">
          Publication à sortir avec cette parution
        </label>
        <p id="link-publication-aide" className="text-sm text-muted">
          Brouillons et publications programmées qui n’ont pas encore de parution. Elle sera mise en ligne à l’heure de la parution, avec ses fichiers.
        </p>
        <select
          id="link-publication"
          name="publicationId"
          required
          aria-describedby="link-publication-aide"
          aria-invalid={error ? true : undefined}
          className="mt-1 block w-full max-w-2xl rounded-md border border-border bg-bg px-3 py-2"
        >
          <option value="">— Choisir —</option>
          {choices.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      <FormStatus result={result} />
      <SubmitButton pendingLabel="Liaison…">Lier à la parution</SubmitButton>
    </form>
  );
}

export function UnlinkPublicationButton({ releaseId, publicationId, title }: { releaseId: number; publicationId: number; title: string }) {
  const [result, action] = useActionState(unlinkPublicationAction, null);
  useResultToast(result);
  return (
    <form action={action} className="inline">
      <input type="hidden" name="releaseId" value={releaseId} />
      <input type="hidden" name="publicationId" value={publicationId} />
      <button type="submit" className="rounded-md border border-border px-2 py-1 text-sm hover:bg-surface-2" aria-label={`Retirer « ${title} » de la parution`}>
        Retirer
      </button>
      <FormStatus result={result} />
    </form>
  );
}
