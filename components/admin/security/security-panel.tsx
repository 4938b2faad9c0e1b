'use client';
/**
 * One's own second factors (issue 40): the authenticator app (QR code and secret as text, confirmed
 * by a first code, recovery codes shown once), and passkeys (named, several, removable). The
 * profile page and the enrolment page (`/admin/second-facteur`) pass the server actions in.
 */
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useId, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { useFormAction, type FormAction } from '@/components/admin/form-kit';
import type { ActionResult } from '@/lib/admin/action';
import { CodeForm, TotpSetup } from './totp-setup';

type Call<I, T> = (input: I) => Promise<ActionResult<T>>;

export type SecurityActions = {
  beginTotp: Call<unknown, { secret: string; qrSvg: string }>;
  confirmTotp: FormAction<string[]>;
  disableTotp: FormAction<void>;
  newRecoveryCodes: FormAction<string[]>;
  beginPasskey: Call<unknown, { options: unknown; token: string }>;
  finishPasskey: Call<unknown, { id: string; name: string }>;
  removePasskey: Call<unknown, { name: string }>;
};

export type SecurityState = {
  totp: boolean;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
};

/** The ten codes, shown once after they are made. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <div role="region" aria-label="Codes de secours" className="rounded-md border border-border bg-surface p-4">
      <p className="font-semibold">Vos 10 codes de secours</p>
      <p className="text-sm text-muted">
        Notez-les ou imprimez-les maintenant : ils ne seront plus affichés. Chacun permet une seule connexion si vous n’avez plus votre
        téléphone.
      </p>
      <ol className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
    </div>
  );
}

function TotpSection({ state, actions }: { state: SecurityState; actions: SecurityActions }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const disable = useFormAction(actions.disableTotp, { saved: String(state.totp) });
  const renew = useFormAction(actions.newRecoveryCodes, { onSuccess: setCodes });
  const id = useId();

  return (
    <section aria-labelledby={`${id}-titre`} className="mt-6 space-y-3">
      <h3 id={`${id}-titre`} className="text-lg font-semibold">
        Application d’authentification
      </h3>
      {codes ? <RecoveryCodes codes={codes} /> : null}
      {state.totp ? (
        <>
          <p>
            Active. Codes de secours restants : <strong>{state.recoveryCodesLeft}</strong>.
          </p>
          <CodeForm id={`${id}-off`} form={disable} label="Code actuel (pour désactiver)" pendingLabel="Désactivation…">
            Désactiver l’application
          </CodeForm>
          <CodeForm id={`${id}-renew`} form={renew} label="Code actuel (pour de nouveaux codes de secours)" pendingLabel="Création…">
            Créer de nouveaux codes de secours
          </CodeForm>
        </>
      ) : (
        <TotpSetup id={id} begin={actions.beginTotp} confirm={actions.confirmTotp} onConfirmed={setCodes} />
      )}
    </section>
  );
}

function PasskeySection({ state, actions }: { state: SecurityState; actions: SecurityActions }) {
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const [name, setName] = useState('');
  const id = useId();

  const report = (result: ActionResult<unknown>) => {
    if (result.ok) toast.success(result.message ?? 'Enregistré.');
    else toast.error(result.error);
    setMessage(result.ok ? (result.message ?? null) : result.error);
    return result.ok;
  };

  function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    startTransition(async () => {
      if (!name.trim()) {
        setMessage('Donnez un nom à cette clé (ex. « Ordinateur du bureau »).');
        return;
      }
      const begun = await actions.beginPasskey({});
      if (!report(begun) || !begun.ok) return;
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: begun.data.options as PublicKeyCredentialCreationOptionsJSON });
      } catch {
        setMessage('La clé d’accès n’a pas été créée (demande annulée ou non prise en charge par cet appareil).');
        return;
      }
      if (report(await actions.finishPasskey({ token: begun.data.token, name, response }))) setName('');
    });
  }

  return (
    <section aria-labelledby={`${id}-titre`} className="mt-8 space-y-3">
      <h3 id={`${id}-titre`} className="text-lg font-semibold">
        Clés d’accès
      </h3>
      <p className="text-muted">
        Une clé d’accès (empreinte, visage, code PIN de l’appareil ou clé USB de sécurité) sert de second facteur, ou remplace le mot de
        passe.
      </p>
      {state.passkeys.length > 0 ? (
        <ul className="space-y-2">
          {state.passkeys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center gap-3">
              <span>{key.name}</span>
              <span className="text-xs text-muted">
                ajoutée le {new Date(key.createdAt).toLocaleDateString('fr-FR')}
                {key.lastUsedAt ? `, utilisée le ${new Date(key.lastUsedAt).toLocaleDateString('fr-FR')}` : ''}
              </span>
              <button
                type="button"
                disabled={pending}
                onClick={() => startTransition(async () => void report(await actions.removePasskey({ id: key.id })))}
                className="rounded border border-border px-2 py-1 text-sm hover:bg-surface-2"
              >
                Supprimer <span className="sr-only">la clé « {key.name} »</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p>Aucune clé d’accès enregistrée.</p>
      )}
      <form onSubmit={add} noValidate className="space-y-3">
        <div>
          <label htmlFor={`${id}-nom`} className="block text-sm font-medium">
            Nom de la nouvelle clé
          </label>
          <input
            id={`${id}-nom`}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            placeholder="Ordinateur du bureau"
            className="mt-1 block w-full max-w-md rounded-md border border-border bg-bg px-3 py-2"
          />
        </div>
        <p role="status" aria-live="polite" className="min-h-6 text-sm">
          {message}
        </p>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md border border-border px-4 py-2 hover:bg-surface-2 disabled:opacity-70"
        >
          {pending ? 'En attente de la clé…' : 'Ajouter une clé d’accès'}
        </button>
      </form>
    </section>
  );
}

/** The second-factor part of a profile. */
export function SecurityPanel({ state, actions }: { state: SecurityState; actions: SecurityActions }) {
  return (
    <>
      <TotpSection state={state} actions={actions} />
      <PasskeySection state={state} actions={actions} />
    </>
  );
}
