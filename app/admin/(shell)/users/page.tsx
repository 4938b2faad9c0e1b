import Link from 'next/link';
import { Refused } from '@/components/admin/refused';
import { needs } from '@/lib/admin/access';
import { pageRefusal } from '@/lib/admin/page-access';
import { getAuth } from '@/lib/auth';
import { accessOfAccounts, countByRole, roleLabels, roles, type Role } from '@/lib/auth/roles';
import { listAccounts } from '@/lib/auth/service';
import { currentAuthRequest } from '@/lib/auth/session';
import { getArea } from '@/lib/content/areas';
import { formatDateTime } from '@/lib/i18n/format';
import { AccessForm } from './_components/access-form';
import { ActiveToggle } from './_components/active-toggle';
import { CreateUserForm } from './_components/create-user-form';
import { SelfApprovalForm } from './_components/self-approval-form';
import { MfaPolicyForm } from './_components/mfa-policy-form';
import { ResetFactors } from './_components/reset-factors';
import { selfApprovalAllowed } from '@/lib/review/settings';
import { hasProviderFactor } from '@/lib/auth/assurance';
import { accountsWithFactor } from '@/lib/auth/mfa/factors';
import { mfaPolicy } from '@/lib/auth/mfa/policy';

export const metadata = { title: 'Utilisateurs — Administration' };

/** « 1 Administrateur », « 2 Responsables de publication ». */
const plural: Record<Role, string> = { admin: 'Administrateurs', publisher: 'Responsables de publication', editor: 'Rédacteurs' };
const counted = (role: Role, n: number) => `${n} ${n > 1 ? plural[role] : roleLabels[role]}`;

/** The areas of a Rédacteur as the menu names them. */
const areaNames = (areas: readonly string[]) =>
  areas.length === 0 ? 'aucune rubrique' : areas.map((a) => getArea(a)?.menuLabel ?? a).join(', ');

/** Accounts and their roles: the administrators' screen (one's own profile is everyone's: /admin/users/profil). */
export default async function UsersPage() {
  const { actor, reason } = await pageRefusal(needs.users);
  if (reason) {
    return (
      <>
        <Refused reason={reason} />
        <p className="mt-2">
          <Link href="/admin/users/profil">Modifier mon profil</Link>
        </p>
      </>
    );
  }
  const auth = await getAuth();
  const accounts = await listAccounts(auth, await currentAuthRequest(), actor);
  const [access, counts, selfApproval, policy, withFactor] = await Promise.all([
    accessOfAccounts(
      auth.db,
      accounts.map((a) => a.id),
    ),
    countByRole(auth.db),
    selfApprovalAllowed(auth.db),
    mfaPolicy(auth.db),
    accountsWithFactor(
      auth.db,
      accounts.map((a) => a.id),
    ),
  ]);
  const activeCount = accounts.filter((a) => a.active).length;
  const options = roles.map((value) => ({ value, label: roleLabels[value] }));
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-2xl font-bold">Utilisateurs</h1>
        <Link href="/admin/users/profil">Modifier mon profil</Link>
      </div>
      <p className="mt-2 text-muted">
        {accounts.length} compte{accounts.length > 1 ? 's' : ''}, dont {activeCount} actif{activeCount > 1 ? 's' : ''}. Désactiver un compte
        ferme aussitôt ses sessions.
      </p>
      <p className="mt-1 text-muted">Comptes actifs par rôle : {roles.map((r) => counted(r, counts[r])).join(', ')}.</p>
      <div className="mt-6 overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">Comptes de l’administration</caption>
          <thead>
            <tr className="border-b border-border text-left">
              <th scope="col" className="py-2 pr-4">
                Nom
              </th>
              <th scope="col" className="py-2 pr-4">
                Adresse électronique
              </th>
              <th scope="col" className="py-2 pr-4">
                Rôle
              </th>
              <th scope="col" className="py-2 pr-4">
                Créé le
              </th>
              <th scope="col" className="py-2 pr-4">
                Dernière connexion
              </th>
              <th scope="col" className="py-2 pr-4">
                État
              </th>
              <th scope="col" className="py-2">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((a) => {
              const held = access.get(a.id);
              return (
                <tr key={a.id} className="border-b border-border align-top">
                  <th scope="row" className="py-2 pr-4 text-left font-medium">
                    {a.name}
                    {a.id === actor.id ? <span className="ml-2 text-xs text-muted">(vous)</span> : null}
                  </th>
                  <td className="py-2 pr-4">{a.email}</td>
                  <td className="py-2 pr-4">
                    {held ? (
                      <>
                        {roleLabels[held.role]}
                        {held.role === 'editor' ? <span className="block text-xs text-muted">{areaNames(held.areas)}</span> : null}
                        <AccessForm
                          userId={a.id}
                          name={a.name}
                          role={held.role}
                          areas={held.areas}
                          options={options}
                          self={a.id === actor.id}
                        />
                      </>
                    ) : (
                      <span className="text-muted">—</span>
                    )}
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(a.createdAt)}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{a.lastSignInAt ? formatDateTime(a.lastSignInAt) : 'jamais'}</td>
                  <td className="py-2 pr-4">
                    {a.active ? 'Actif' : 'Désactivé'}
                    {withFactor.has(a.id) || hasProviderFactor(a) ? (
                      <>
                        <span className="block text-xs text-muted">Second facteur actif</span>
                        {a.id !== actor.id ? <ResetFactors userId={a.id} name={a.name} /> : null}
                      </>
                    ) : (
                      <span className="block text-xs text-muted">Sans second facteur</span>
                    )}
                  </td>
                  <td className="py-2">
                    {auth.adapter.canDeactivate && a.id !== actor.id && !(a.active && activeCount <= 1) ? (
                      <ActiveToggle userId={a.id} name={a.name} active={a.active} />
                    ) : (
                      <span className="text-xs text-muted">—</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="nouveau-compte" className="mt-10 max-w-xl">
        <h2 id="nouveau-compte" className="text-lg font-semibold">
          Créer un compte
        </h2>
        <p className="mt-1 text-sm text-muted">
          Le nouveau compte reçoit le rôle choisi ci-dessous : par défaut Rédacteur sans rubrique, le moins de pouvoir (il lit sans rien
          modifier). Communiquez-lui son mot de passe par un canal sûr.
        </p>
        <CreateUserForm options={options} />
      </section>
      <section aria-labelledby="relecture" className="mt-10 max-w-xl">
        <h2 id="relecture" className="text-lg font-semibold">
          Relecture
        </h2>
        <p className="mt-1 text-sm text-muted">
          Avant sa mise en ligne, chaque élément est approuvé par une autre personne que celle qui l’a écrit en dernier. Chaque changement
          de cette règle est inscrit au journal.
        </p>
        <SelfApprovalForm allowed={selfApproval} />
      </section>
      {auth.adapter.mode !== 'upstream' ? (
        <section aria-labelledby="second-facteur" className="mt-10 max-w-xl">
          <h2 id="second-facteur" className="text-lg font-semibold">
            Second facteur
          </h2>
          <p className="mt-1 text-sm text-muted">
            Un compte soumis à la règle et sans second facteur est conduit, après son mot de passe, à en enregistrer un : il ne peut rien
            faire d’autre avant. Chaque changement de cette règle est inscrit au journal.
          </p>
          <MfaPolicyForm policy={policy} />
        </section>
      ) : null}
    </>
  );
}
