'use client';
/**
 * The authenticator app's forms shared by both sign-in modes' panels (security-panel.tsx for the
 * embedded mode, provider-totp-panel.tsx for Supabase's): setting it up (a button, then the QR code,
 * the secret as text and a first code) and a change that asks for a current code.
 */
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Field, FormAlert, FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';
import type { ActionResult } from '@/lib/admin/action';

/** What `begin` answers: the secret, its QR code, and in supabase mode the factor the first code confirms. */
export type TotpSetupData = { factorId?: string; secret: string; qrSvg: string };

/** A form asking for a current code before one change to the app (turning it off, new recovery codes). */
export function CodeForm<T>({
  id,
  form,
  label,
  pendingLabel,
  inputMode,
  children,
}: {
  id: string;
  form: ReturnType<typeof useFormAction<T>>;
  label: string;
  pendingLabel: string;
  /** `numeric` where only the app's 6 digits are taken. */
  inputMode?: 'numeric';
  children: React.ReactNode;
}) {
  return (
    <form {...form.formProps} key={form.key} className="space-y-3">
      <FormAlert message={form.alert} />
      <Field id={id} name="code" label={label} autoComplete="one-time-code" inputMode={inputMode} errors={form.errors} />
      <SubmitButton pending={form.pending} pendingLabel={pendingLabel}>
        {children}
      </SubmitButton>
    </form>
  );
}

/** Setting the app up: the button, then the QR code and the secret, confirmed by a first code. */
export function TotpSetup<T>({
  id,
  begin,
  confirm: confirmAction,
  onConfirmed,
}: {
  id: string;
  begin: (input: unknown) => Promise<ActionResult<TotpSetupData>>;
  confirm: FormAction<T>;
  onConfirmed?: (data: T) => void;
}) {
  const [setup, setSetup] = useState<TotpSetupData | null>(null);
  const [starting, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const confirm = useFormAction(confirmAction, {
    onSuccess: (data) => {
      onConfirmed?.(data);
      setSetup(null);
    },
  });

  function start() {
    startTransition(async () => {
      const result = await begin({});
      if (!result.ok) {
        setMessage(result.error);
        toast.error(result.error);
        return;
      }
      setMessage(null);
      setSetup(result.data);
    });
  }

  if (!setup)
    return (
      <>
        <p className="text-muted">Un code à 6 chiffres de votre téléphone vous sera demandé après votre mot de passe.</p>
        <p role="status" aria-live="polite" className="min-h-6 text-sm text-down">
          {message}
        </p>
        <button
          type="button"
          onClick={start}
          disabled={starting}
          className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover disabled:opacity-70"
        >
          {starting ? 'Préparation…' : 'Configurer une application d’authentification'}
        </button>
      </>
    );
  return (
    <>
      <p>
        Scannez ce code QR avec votre application (FreeOTP, Aegis, Google Authenticator, Microsoft Authenticator…), ou saisissez-y la clé
        ci-dessous.
      </p>
      {/* Drawn on our server by the `qrcode` package from the otpauth:// address (ours, or the one Supabase gave): no user text in it. */}
      <div role="img" aria-label="Code QR à scanner" className="w-48 bg-white p-2" dangerouslySetInnerHTML={{ __html: setup.qrSvg }} />
      <p>
        Clé à saisir :{' '}
        <code className="font-mono break-all" data-secret>
          {setup.secret}
        </code>
      </p>
      <form {...confirm.formProps} className="space-y-3">
        {setup.factorId ? <input type="hidden" name="factorId" value={setup.factorId} /> : null}
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
  );
}
