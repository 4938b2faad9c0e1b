'use client';

import { useTransition } from 'react';
import { toast } from 'sonner';
import { resetFactorsAction } from '../security-actions';

/** An administrator removes an account's second factors (a lost phone), after a confirmation. */
export function ResetFactors({ userId, name }: { userId: string; name: string }) {
  const [pending, start] = useTransition();
  return (
    <button
      type="button"
      disabled={pending}
      aria-label={`Réinitialiser le second facteur de ${name}`}
      className="mt-1 block rounded border border-border px-2 py-1 text-xs hover:bg-surface-2 disabled:opacity-60"
      onClick={() => {
        if (!window.confirm(`Réinitialiser le second facteur de ${name} ? Son application et ses clés d’accès ne vaudront plus.`)) return;
        start(async () => {
          const result = await resetFactorsAction({ userId, name });
          if (result.ok) toast.success(result.message ?? 'Enregistré.');
          else toast.error(result.error);
        });
      }}
    >
      {pending ? '…' : 'Réinitialiser le second facteur'}
    </button>
  );
}
