import Link from 'next/link';
import { ProviderTotpPanel } from '@/components/admin/security/provider-totp-panel';
import { SecurityPanel } from '@/components/admin/security/security-panel';
import { getAuth } from '@/lib/auth';
import { requireSession } from '@/lib/auth/guard';
import { currentAuthRequest } from '@/lib/auth/session';
import { securityState } from '@/lib/auth/mfa/factors';
import { ProfileForm } from '../_components/profile-form';
import { providerTotpActions, securityActions } from '../_components/security-actions-bundle';

export const metadata = { title: 'Mon profil — Administration' };

export default async function ProfilePage() {
  const { user } = await requireSession();
  const auth = await getAuth();
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/users">← Utilisateurs</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Mon profil</h1>
      <p className="mt-2 max-w-xl text-muted">
        Pour changer d’adresse électronique ou de mot de passe, saisissez votre mot de passe actuel. Changer de mot de passe ferme vos
        autres sessions.
      </p>
      <ProfileForm name={user.name} email={user.email} />
      <section aria-labelledby="second-facteur" className="mt-10 max-w-xl">
        <h2 id="second-facteur" className="text-xl font-semibold">
          Second facteur
        </h2>
        {auth.adapter.mode === 'embedded' ? (
          <SecurityPanel state={await securityState(auth.db, user.id)} actions={securityActions} />
        ) : auth.adapter.providerTotp ? (
          <ProviderTotpPanel enabled={await auth.adapter.providerTotp.enabled(await currentAuthRequest())} actions={providerTotpActions} />
        ) : (
          <p className="mt-2 text-muted">Le second facteur de votre compte est géré par le service d’authentification de l’institut.</p>
        )}
      </section>
    </>
  );
}
