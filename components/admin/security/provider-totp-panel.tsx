'use client';
/**
 * One's own authenticator app in the supabase sign-in mode: kept by Supabase Auth (its MFA), which
 * checks every code. Set up from a QR code (drawn on our server) or the secret as text, confirmed by
 * a first code; turned off with a current code. No recovery codes nor passkeys: Supabase keeps none of ours.
 */
import { useId } from 'react';
import { useFormAction, type FormAction } from '@/components/admin/form-kit';
import type { ActionResult } from '@/lib/admin/action';
import { CodeForm, TotpSetup, type TotpSetupData } from './totp-setup';

/** The same actions as the embedded panel's; in this mode `begin` answers the factor's id, and `confirm` no recovery codes. */
export type ProviderTotpActions = {
  begin: (input: unknown) => Promise<ActionResult<TotpSetupData>>;
  confirm: FormAction<string[]>;
  disable: FormAction<void>;
};

export function ProviderTotpPanel({ enabled, actions }: { enabled: boolean; actions: ProviderTotpActions }) {
  const disable = useFormAction(actions.disable, { saved: String(enabled) });
  const id = useId();

  return (
    <section aria-labelledby={`${id}-titre`} className="mt-6 space-y-3">
      <h3 id={`${id}-titre`} className="text-lg font-semibold">
        Application d’authentification (Supabase)
      </h3>
      {enabled ? (
        <>
          <p>Active : son code vous est demandé après votre mot de passe.</p>
          <CodeForm id={`${id}-off`} form={disable} label="Code actuel (pour désactiver)" pendingLabel="Désactivation…" inputMode="numeric">
            Désactiver l’application
          </CodeForm>
        </>
      ) : (
        <TotpSetup id={id} begin={actions.begin} confirm={actions.confirm} />
      )}
    </section>
  );
}
