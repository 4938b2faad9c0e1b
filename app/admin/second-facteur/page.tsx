import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { ProviderTotpPanel } from '@/components/admin/security/provider-totp-panel';
import { SecurityPanel } from '@/components/admin/security/security-panel';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Logo } from '@/components/ui/logo';
import { adminActor } from '@/lib/admin/page-access';
import { getAuth } from '@/lib/auth';
import { securityState } from '@/lib/auth/mfa/factors';
import { roleLabels } from '@/lib/auth/roles';
import { currentAuthRequest } from '@/lib/auth/session';
import { signOutAction } from '../(shell)/actions';
import { providerTotpActions, securityActions } from '../(shell)/users/_components/security-actions-bundle';

export const metadata = { title: 'Second facteur — Administration', robots: { index: false, follow: false } };

/**
 * Where an account the institute's policy asks for a second factor lands after its password (the
 * admin frame sends it here): enrolling is the one thing it may do until it has one.
 */
async function Enrolment() {
  const actor = await adminActor();
  const auth = await getAuth();
  if (auth.adapter.providerTotp) {
    // Supabase mode: the app is Supabase's; once confirmed, the session is aal2 and the policy met.
    if (!actor.mfaPending) redirect('/admin');
    return (
      <>
        <p className="mt-4">
          {`La règle de l’institut exige un second facteur pour votre rôle (${roleLabels[actor.role]}). Tant que vous n’en avez pas ` +
            'enregistré un, aucune autre action du back-office ne vous est permise.'}
        </p>
        <ProviderTotpPanel enabled={await auth.adapter.providerTotp.enabled(await currentAuthRequest())} actions={providerTotpActions} />
      </>
    );
  }
  const state = await securityState(auth.db, actor.id);
  // Nothing to enrol and nothing just enrolled here: the back-office. Once a factor is enrolled on
  // this page, it stays (its recovery codes are shown once, on it) with a link onwards.
  if (!actor.mfaPending && !state.totp && state.passkeys.length === 0) redirect('/admin');
  return (
    <>
      <p className="mt-4">
        {actor.mfaPending
          ? `La règle de l’institut exige un second facteur pour votre rôle (${roleLabels[actor.role]}). Tant que vous n’en avez pas ` +
            'enregistré un, aucune autre action du back-office ne vous est permise.'
          : 'Votre second facteur est enregistré. Notez vos codes de secours s’ils sont affichés : ils ne le seront plus.'}
      </p>
      <SecurityPanel state={state} actions={securityActions} />
      {state.totp || state.passkeys.length > 0 ? (
        <p className="mt-6">
          <Link href="/admin">Continuer vers l’administration</Link>
        </p>
      ) : null}
    </>
  );
}

export default function SecondFactorPage() {
  return (
    <main id="contenu" className="flex min-h-screen items-start justify-center bg-surface px-4 py-10">
      <div className="w-full max-w-xl rounded-xl border border-border bg-bg p-8 shadow-sm">
        <div className="flex items-center gap-3">
          <Logo size={40} />
          <h1 className="text-xl font-bold">Activez un second facteur</h1>
        </div>
        <Suspense fallback={<LoadingScreen label="Vérification de la session…" />}>
          <Enrolment />
        </Suspense>
        <form action={signOutAction} className="mt-8">
          <button type="submit" className="rounded border border-border px-3 py-1 text-sm hover:bg-surface-2">
            Se déconnecter
          </button>
        </form>
      </div>
    </main>
  );
}
