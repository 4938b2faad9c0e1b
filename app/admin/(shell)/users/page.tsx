import Link from 'next/link';
import { requireSession } from '@/lib/auth/guard';
import { getAuth } from '@/lib/auth';
import { listAccounts } from '@/lib/auth/service';
import { currentAuthRequest } from '@/lib/auth/session';
import { formatDateTime } from '@/lib/format';
import { ActiveToggle } from './_components/active-toggle';
import { CreateUserForm } from './_components/create-user-form';

export const metadata = { title: 'Utilisateurs — Administration' };

export default async function UsersPage() {
  const { user } = await requireSession();
  const auth = await getAuth();
  const accounts = await listAccounts(auth, await currentAuthRequest(), user);
  const activeCount = accounts.filter((a) => a.active).length;
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-2xl font-bold">Utilisateurs</h1>
        <Link href="/admin/users/profil">Modifier mon profil</Link>
      </div>
      <p className="mt-2 text-muted">
        {accounts.length} compte{accounts.length > 1 ? 's' : ''}, dont {activeCount} actif{activeCount > 1 ? 's' : ''}. Désactiver un compte ferme aussitôt ses sessions.
      </p>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Comptes de l’administration</caption>
          <thead>
            <tr className="border-b border-border text-left">
              <th scope="col" className="py-2 pr-4">Nom</th>
              <th scope="col" className="py-2 pr-4">Adresse électronique</th>
              <th scope="col" className="py-2 pr-4">Créé le</th>
              <th scope="col" className="py-2 pr-4">Dernière connexion</th>
              <th scope="col" className="py-2 pr-4">État</th>
              <th scope="col" className="py-2">Action</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => (
              <tr key={a.id} className="border-b border-border">
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {a.name}
                  {a.id === user.id ? <span className="ml-2 text-xs text-muted">(vous)</span> : null}
                </th>
                <td className="py-2 pr-4">{a.email}</td>
                <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(a.createdAt)}</td>
                <td className="py-2 pr-4 whitespace-nowrap">{a.lastSignInAt ? formatDateTime(a.lastSignInAt) : 'jamais'}</td>
                <td className="py-2 pr-4">{a.active ? 'Actif' : 'Désactivé'}</td>
                <td className="py-2">
                  {auth.adapter.canDeactivate && a.id !== user.id && !(a.active && activeCount <= 1) ? (
                    <ActiveToggle userId={a.id} name={a.name} active={a.active} />
                  ) : (
                    <span className="text-xs text-muted">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="nouveau-compte" className="mt-10 max-w-xl">
        <h2 id="nouveau-compte" className="text-lg font-semibold">
          Créer un compte
        </h2>
        <p className="mt-1 text-sm text-muted">Le nouveau compte aura accès à toute l’administration. Communiquez-lui son mot de passe par un canal sûr.</p>
        <CreateUserForm />
      </section>
    </>
  );
}
