'use client';

import { useId } from 'react';
import { FormAlert, useFormAction } from '@/components/admin/form-kit';
import { setSelfApprovalAction } from '../actions';

/** The review rule of the institute (lib/review/settings.ts): may the last writer approve their own work? */
export function SelfApprovalForm({ allowed }: { allowed: boolean }) {
  const id = useId();
  const { formProps, key, alert, pending } = useFormAction(setSelfApprovalAction, { saved: String(allowed) });
  return (
    <form key={key} {...formProps} className="mt-3 space-y-3">
      <FormAlert message={alert} />
      <div className="flex items-start gap-2">
        <input id={`${id}-auto`} name="selfApproval" value="on" type="checkbox" defaultChecked={allowed} className="mt-1" />
        <label htmlFor={`${id}-auto`}>
          Auto-approbation : la dernière personne qui a écrit un élément peut l’approuver et le mettre en ligne elle-même (petites équipes).
        </label>
      </div>
      <button type="submit" disabled={pending} className="rounded-md border border-border px-3 py-2 hover:bg-surface-2 disabled:opacity-60">
        {pending ? 'Enregistrement…' : 'Enregistrer la règle de relecture'}
      </button>
    </form>
  );
}
