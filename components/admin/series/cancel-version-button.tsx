'use client';
import { useActionState } from 'react';
import { FormStatus, SubmitButton, useResultToast } from '@/components/admin/form-kit';
import { cancelVersionAction } from '@/app/admin/(shell)/series/actions';

/** Cancels a scheduled version: nothing of it was public, nothing of it will be. */
export function CancelVersionButton({ code, number }: { code: string; number: number }) {
  const [result, dispatch] = useActionState(cancelVersionAction, null);
  useResultToast(result);
  return (
    <form action={dispatch} className="mt-3">
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="number" value={number} />
      <SubmitButton pendingLabel="Annulation…">Annuler la version {number} programmée</SubmitButton>
      <FormStatus result={result} />
    </form>
  );
}
