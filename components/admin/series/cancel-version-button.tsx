'use client';
import { FormStatus, SubmitButton, useFormAction } from '@/components/admin/form-kit';
import { cancelVersionAction } from '@/app/admin/(shell)/series/actions';

/** Cancels a version not yet public (scheduled, or `waiting` for review): nothing of it was public, nothing of it will be. */
export function CancelVersionButton({ code, number, waiting = false }: { code: string; number: number; waiting?: boolean }) {
  const { formProps, result, pending } = useFormAction(cancelVersionAction);
  return (
    <form {...formProps} className="mt-3">
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="number" value={number} />
      <SubmitButton pending={pending} pendingLabel="Annulation…">
        {waiting ? `Annuler la version ${number}` : `Annuler la version ${number} programmée`}
      </SubmitButton>
      <FormStatus result={result} />
    </form>
  );
}
