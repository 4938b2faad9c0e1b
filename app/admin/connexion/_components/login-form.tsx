'use client';

import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useRouter } from 'next/navigation';
import { useRef, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Field } from '@/components/admin/form-kit';
import { secondFactorStep, userApi, type ApiResult, type SecondFactorStep } from '@/lib/api-client';

type Errors = { message: string | null; fields: Record<string, string[] | undefined> };

const PASSKEY_CANCELLED = 'La clé d’accès n’a pas été utilisée (demande annulée ou expirée) : réessayez.';

/**
 * Email and password sign-in, then — for an account with a second factor — its code, a recovery
 * code or a passkey; or a passkey alone. Redirects to the page first asked for, or /admin.
 */
export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [errors, setErrors] = useState<Errors>({ message: null, fields: {} });
  const [step, setStep] = useState<SecondFactorStep | null>(null);
  const codeForm = useRef<HTMLFormElement>(null);

  /** Shows a refusal, or goes on to the page asked for. */
  function settle(result: ApiResult<unknown>) {
    if (!result.ok) {
      setErrors({ message: result.error, fields: result.fieldErrors ?? {} });
      toast.error(result.error);
      return;
    }
    setErrors({ message: null, fields: {} });
    router.replace(next);
    router.refresh();
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await userApi.login(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
      const second = secondFactorStep(result);
      if (second) {
        setStep(second);
        setErrors({ message: result.ok ? null : result.error, fields: {} });
        return;
      }
      settle(result);
    });
  }

  function onCode(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!step) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    startTransition(async () => {
      const result = await userApi.loginSecondStep({ mfaToken: step.mfaToken, code });
      if (!result.ok) codeForm.current?.reset();
      settle(result);
    });
  }

  /** A passkey: as the second factor of `step`, or instead of the password. */
  function withPasskey() {
    startTransition(async () => {
      const options = await userApi.passkeyOptions(step ? { mfaToken: step.mfaToken } : {});
      if (!options.ok) return settle(options);
      let answer: unknown;
      try {
        answer = await startAuthentication({ optionsJSON: options.data.options as PublicKeyCredentialRequestOptionsJSON });
      } catch {
        setErrors({ message: PASSKEY_CANCELLED, fields: {} });
        return;
      }
      settle(
        step
          ? await userApi.loginSecondStep({ mfaToken: step.mfaToken, passkey: answer })
          : await userApi.loginWithPasskey({ passkeyToken: options.data.passkeyToken ?? '', passkey: answer }),
      );
    });
  }

  const status = (
    <p role="status" aria-live="polite" className="min-h-6 text-sm text-down">
      {errors.message}
    </p>
  );
  const button = 'w-full rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover disabled:opacity-70';
  const secondary = 'w-full rounded-md border border-border px-4 py-2 hover:bg-surface-2 disabled:opacity-70';

  if (step) {
    return (
      <div className="space-y-4">
        <form ref={codeForm} onSubmit={onCode} noValidate className="space-y-4" aria-busy={pending}>
          <h2 className="text-lg font-semibold">Second facteur</h2>
          {step.methods.includes('totp') ? (
            <Field
              name="code"
              // Supabase mode offers no recovery codes of ours: `methods` is then `totp` alone.
              label={step.methods.includes('recovery') ? 'Code à 6 chiffres ou code de secours' : 'Code à 6 chiffres'}
              autoComplete="one-time-code"
              inputMode={step.methods.includes('recovery') ? 'text' : 'numeric'}
              required
              hint={
                step.methods.includes('recovery')
                  ? 'Le code affiché maintenant par votre application d’authentification, ou l’un de vos codes de secours.'
                  : 'Le code affiché maintenant par votre application d’authentification.'
              }
              errors={errors.fields}
            />
          ) : null}
          {status}
          {step.methods.includes('totp') ? (
            <button type="submit" disabled={pending} className={button}>
              {pending ? 'Vérification…' : 'Valider le code'}
            </button>
          ) : null}
        </form>
        {step.methods.includes('passkey') ? (
          <button type="button" onClick={withPasskey} disabled={pending} className={secondary}>
            Utiliser ma clé d’accès
          </button>
        ) : null}
        <button type="button" onClick={() => setStep(null)} className="text-sm underline">
          Recommencer avec un autre compte
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <form onSubmit={onSubmit} method="post" action="/api/user/login" noValidate className="space-y-4" aria-busy={pending}>
        <Field name="email" label="Adresse électronique" type="email" autoComplete="username webauthn" required errors={errors.fields} />
        <Field name="password" label="Mot de passe" type="password" autoComplete="current-password" required errors={errors.fields} />
        {status}
        <button type="submit" disabled={pending} className={button}>
          {pending ? 'Connexion…' : 'Se connecter'}
        </button>
      </form>
      <button type="button" onClick={withPasskey} disabled={pending} className={secondary}>
        Utiliser une clé d’accès sans mot de passe
      </button>
    </div>
  );
}
