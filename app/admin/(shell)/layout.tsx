import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { AdminSidebar } from '@/components/admin/admin-sidebar';
import { QueryProvider } from '@/components/admin/query-provider';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Logo } from '@/components/ui/logo';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { isDatabaseUnavailable } from '@/lib/db/unavailable';
import { DatabaseUnavailableError } from '@/lib/errors';
import { messages } from '@/lib/i18n/messages';
import { signOutAction } from './actions';

export const metadata = { title: 'Administration', robots: { index: false, follow: false } };

/** What an editor sees while the database is unreachable: no form that could not be saved. */
function DatabaseDown() {
  return (
    <main id="contenu" className="mx-auto max-w-xl p-6">
      <h1 className="text-2xl font-bold">Back-office momentanément indisponible</h1>
      <p className="mt-4" role="alert">
        La base de données est injoignable : rien ne peut être lu ni enregistré pour l’instant. Le site public reste consultable.
      </p>
      <p className="mt-2">Réessayez dans un instant ; la page fonctionnera de nouveau dès que la base répondra, sans autre action.</p>
      <p className="mt-4">
        <Link href="/admin">Réessayer</Link>
      </p>
    </main>
  );
}

async function AdminFrame({ children }: { children: React.ReactNode }) {
  let user;
  try {
    // The session, and the role and areas that decide which entries the menu shows.
    user = await adminActor();
  } catch (error) {
    if (error instanceof DatabaseUnavailableError || isDatabaseUnavailable(error)) return <DatabaseDown />;
    throw error;
  }
  // The institute's policy asks this account for a second factor it does not have yet: enrolment first.
  if (user.mfaPending) redirect('/admin/second-facteur');
  return (
    <div className="min-h-screen md:grid md:grid-cols-[16rem_1fr]">
      <aside className="border-b border-border bg-surface p-4 md:min-h-screen md:border-b-0 md:border-r">
        <Link href="/admin" className="mb-6 flex items-center gap-2 font-bold text-fg no-underline">
          <Logo size={32} /> Administration
        </Link>
        <AdminSidebar users={can(user, needs.users)} journal={can(user, needs.journal)} />
      </aside>
      <div>
        <header className="flex items-center justify-end gap-3 border-b border-border px-6 py-3 text-sm">
          <Link href="/admin/users/profil" title="Mon profil" className="text-fg">
            {user.name}
          </Link>
          <ThemeToggle labels={messages('fr').site.theme} />
          <form action={signOutAction}>
            <button type="submit" className="rounded border border-border px-3 py-1 hover:bg-surface-2">
              Se déconnecter
            </button>
          </form>
        </header>
        <main id="contenu" className="p-6">
          <QueryProvider>{children}</QueryProvider>
        </main>
      </div>
    </div>
  );
}

/** Admin layout: the loading screen shows while the session check runs on the server. */
export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return (
    <Suspense fallback={<LoadingScreen label="Vérification de la session…" />}>
      <AdminFrame>{children}</AdminFrame>
    </Suspense>
  );
}
