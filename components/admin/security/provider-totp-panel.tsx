'use client';
/**
 * One's own authenticator app in the supabase sign-in mode: kept by Supabase Auth (its MFA), which
 * checks every code. Set up from a QR code (drawn on our server) or the secret as text, confirmed by
 * a first code; turned off with a current code. No recovery codes nor passkeys: Supabase keeps none of ours.
 */
import { useId, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Field, FormAlert, FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';
import type { ActionResult } from '@/lib/admin/action';

/** The same actions as the embedded panel's; in this mode `begin` answers the factor's id, and `confirm` no recovery codes. */
export type ProviderTotpActions = {
  begin: (input: unknown) => Promise<ActionResult<{ factorId?: string; secret: string; qrSvg: string }>>;
  confirm: FormAction<string[]>;
  disable: FormAction<void>;
};

export function ProviderTotpPanel({ enabled, actions }: { enabled: boolean; actions: ProviderTotpActions }) {
  const [setup, setSetup] = useState<{ factorId?: string; secret: string; qrSvg: string } | null>(null);
  const [starting, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const confirm = useFormAction(actions.confirm, { onSuccess: () => setSetup(null) });
  const disable = useFormAction(actions.disable, { saved: String(enabled) });
  const id = useId();

  function begin() {
    startTransition(async () => {
      const result = await actions.begin({});
      if (!result.ok) {
        setMessage(result.error);
        toast.error(result.error);
        return;
      }
      setMessage(null);
      setSetup(result.data);
    });
  }

  return (
    <section aria-labelledby={`${id}-titre`} className="mt-6 space-y-3">
      <h3 id={`${id}-titre`} className="text-lg font-semibold">
        Application d’authentification (Supabase)
      </h3>
      {enabled ? (
        <>
          <p>Active : son code vous est demandé après votre mot de passe.</p>
          <form {...disable.formProps} key={disable.key} className="space-y-3">
            <FormAlert message={disable.alert} />
            <Field
              id={`${id}-off`}
              name="code"
              label="Code actuel (pour désactiver)"
              autoComplete="one-time-code"
              inputMode="numeric"
              errors={disable.errors}
            />
            <SubmitButton pending={disable.pending} pendingLabel="Désactivation…">
              Désactiver l’application
            </SubmitButton>
          </form>
        </>
      ) : setup ? (
        <>
          <p>
            Scannez ce code QR avec votre application (FreeOTP, Aegis, Google Authenticator, Microsoft Authenticator…), ou saisissez-y la
            clé ci-dessous.
          </p>
          {/* Drawn on our server by the `qrcode` package from the otpauth:// address Supabase gave: no user text in it. */}
          <div role="img" aria-label="Code QR à scanner" className="w-48 bg-white p-2" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
          <p>
            Clé à saisir :{' '}
            <code className="font-mono break-all" data-secret>
              {setup.secret}
            </code>
          </p>
          <form {...confirm.formProps} className="space-y-3">
            <input type="hidden" name="factorId" value={setup.factorId ?? ''} />
            <Field
              id={`${id}-code`}
              name="code"
              label="Code à 6 chiffres affiché par l’application"
              autoComplete="one-time-code"
              inputMode="numeric"
              required
              errors={confirm.errors}
            />
            <FormStatus result={confirm.result} />
            <SubmitButton pending={confirm.pending} pendingLabel="Vérification…">
              Activer
            </SubmitButton>
          </form>
        </>
      ) : (
        <>
          <p className="text-muted">Un code à 6 chiffres de votre téléphone vous sera demandé après votre mot de passe.</p>
          <p role="status" aria-live="polite" className="min-h-6 text-sm text-down">
            {message}
          </p>
          <button
            type="button"
            onClick={begin}
            disabled={starting}
            className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover disabled:opacity-70"
          >
            {starting ? 'Préparation…' : 'Configurer une application d’authentification'}
          </button>
        </>
      )}
    </section>
  );
}
