'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, useTransition, type FormEvent } from 'react';
import { toast } from 'sonner';
import { setSelfApprovalAction } from '../actions';

/** The review rule of the institute (lib/review/settings.ts): may the last writer approve their own work? */
export function SelfApprovalForm({ allowed }: { allowed: boolean }) {
  const id = useId();
  const router = useRouter();
  const [checked, setChecked] = useState(allowed);
  const [pending, start] = useTransition();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData();
    form.set('selfApproval', checked ? 'on' : 'off');
    start(async () => {
      const result = await setSelfApprovalAction(null, form);
      if (result.ok) {
        toast.success(result.message ?? 'Enregistré.');
        router.refresh();
      } else toast.error(result.error);
    });
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-3">
      <div className="flex items-start gap-2">
        <input id={`${id}-auto`} type="checkbox" checked={checked} onChange={(e) => setChecked(e.target.checked)} className="mt-1" />
        <label htmlFor={`${id}-auto`}>
          Auto-approbation : la dernière personne qui a écrit un élément peut l’approuver et le mettre en ligne elle-même (petites équipes).
        </label>
      </div>
      <button type="submit" disabled={pending || checked === allowed} className="rounded-md border border-border px-3 py-2 hover:bg-surface-2 disabled:opacity-60">
        {pending ? 'Enregistrement…' : 'Enregistrer la règle de relecture'}
      </button>
    </form>
  );
}
