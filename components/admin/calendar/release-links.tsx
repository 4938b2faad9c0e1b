'use client';
/**
 * What a release carries, on its admin screen: link a publication to it, or take one out. Sent
 * through the form kit's `useFormAction`: a refused link keeps the publication chosen, its reason
 * under the list; keyed on the choices loaded, the form starts again once a publication is linked.
 */
import { FieldError, FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';

export function LinkPublicationForm<T>({
  action,
  releaseId,
  choices,
}: {
  action: FormAction<T>;
  releaseId: number;
  choices: { id: number; label: string }[];
}) {
  const { formProps, key, result, errors, pending } = useFormAction(action, { saved: choices.map((c) => c.id).join() });
  const error = errors?.publicationId?.[0];
  return (
    <form key={key} {...formProps} className="mt-4 space-y-3">
      <input type="hidden" name="releaseId" value={releaseId} />
      <div>
        <label htmlFor="link-publication" className="block text-sm font-medium">
          Publication à sortir avec cette parution
        </label>
        <p id="link-publication-aide" className="text-sm text-muted">
          Brouillons et publications programmées qui n’ont pas encore de parution. Elle sera mise en ligne à l’heure de la parution, avec
          ses fichiers.
        </p>
        <select
          id="link-publication"
          name="publicationId"
          required
          aria-describedby={error ? 'link-publication-aide link-publication-erreur' : 'link-publication-aide'}
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
        <FieldError id="link-publication" error={error} />
      </div>
      <FormStatus result={result} />
      <SubmitButton pending={pending} pendingLabel="Liaison…">
        Lier à la parution
      </SubmitButton>
    </form>
  );
}

export function UnlinkPublicationButton<T>({
  action,
  releaseId,
  publicationId,
  title,
}: {
  action: FormAction<T>;
  releaseId: number;
  publicationId: number;
  title: string;
}) {
  const { formProps, result } = useFormAction(action);
  return (
    <form {...formProps} className="inline">
      <input type="hidden" name="releaseId" value={releaseId} />
      <input type="hidden" name="publicationId" value={publicationId} />
      <button
        type="submit"
        className="rounded-md border border-border px-2 py-1 text-sm hover:bg-surface-2"
        aria-label={`Retirer « ${title} » de la parution`}
      >
        Retirer
      </button>
      <FormStatus result={result} />
    </form>
  );
}
