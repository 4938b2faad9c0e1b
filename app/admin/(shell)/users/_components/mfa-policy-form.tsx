'use client';

import { useId } from 'react';
import { FormAlert, useFormAction } from '@/components/admin/form-kit';
import { mfaPolicies, mfaPolicyLabels, type MfaPolicy } from '@/lib/auth/mfa/policy-model';
import { setMfaPolicyAction } from '../security-actions';

/** Who must have a second factor (lib/auth/mfa/policy.ts): an administrator's setting, audited. */
export function MfaPolicyForm({ policy }: { policy: MfaPolicy }) {
  const id = useId();
  const { formProps, key, alert, pending } = useFormAction(setMfaPolicyAction, { saved: policy });
  return (
    <form key={key} {...formProps} className="mt-3 space-y-3">
      <FormAlert message={alert} />
      <fieldset className="space-y-2">
        <legend className="sr-only">Règle du second facteur</legend>
        {mfaPolicies.map((value) => (
          <div key={value} className="flex items-start gap-2">
            <input id={`${id}-${value}`} type="radio" name="policy" value={value} defaultChecked={policy === value} className="mt-1" />
            <label htmlFor={`${id}-${value}`}>{mfaPolicyLabels[value]}</label>
          </div>
        ))}
      </fieldset>
      <button type="submit" disabled={pending} className="rounded-md border border-border px-3 py-2 hover:bg-surface-2 disabled:opacity-60">
        {pending ? 'Enregistrement…' : 'Enregistrer la règle du second facteur'}
      </button>
    </form>
  );
}
