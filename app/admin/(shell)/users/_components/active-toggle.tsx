'use client';

import { useTransition } from 'react';
import { toast } from 'sonner';
import { setUserActiveAction } from '../actions';

/** Deactivate / reactivate one account (with a confirmation before deactivating). */
export function ActiveToggle({ userId, name, active }: { userId: string; name: string; active: boolean }) {
  const [pending, start] = useTransition();
  const label = active ? 'Désactiver' : 'Réactiver';
  return (
    <button
      type="button"
      disabled={pending}
      aria-label={`${label} le compte de ${name}`}
      className="rounded border border-border px-3 py-1 hover:bg-surface-2 disabled:opacity-60"
      onClick={() => {
        if (active && !window.confirm(`Désactiver le compte de ${name} ? Ses sessions ouvertes seront fermées.`)) return;
        start(async () => {
          const result = await setUserActiveAction({ userId, active: !active });
          if (result.ok) toast.success(result.message ?? 'Enregistré.');
          else toast.error(result.error);
        });
      }}
    >
      {pending ? '…' : label}
    </button>
  );
}
