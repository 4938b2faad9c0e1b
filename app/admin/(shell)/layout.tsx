import Link from 'next/link';
import { Suspense } from 'react';
import { AdminSidebar } from '@/components/admin/admin-sidebar';
import { QueryProvider } from '@/components/admin/query-provider';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Logo } from '@/components/ui/logo';
import { requireSession } from '@/lib/auth/guard';
import { signOutAction } from './actions';

export const metadata = { title: 'Administration', robots: { index: false, follow: false } };

async function AdminFrame({ children }: { children: React.ReactNode }) {
  const { user } = await requireSession();
  return (
    <div className="min-h-screen md:grid md:grid-cols-[16rem_1fr]">
      <aside className="border-b border-border bg-surface p-4 md:min-h-screen md:border-b-0 md:border-r">
        <Link href="/admin" className="mb-6 flex items-center gap-2 font-bold text-fg no-underline">
          <Logo size={32} /> Administration
        </Link>
        <AdminSidebar />
      </aside>
      <div>
        <header className="flex items-center justify-end gap-3 border-b border-border px-6 py-3 text-sm">
          <Link href="/admin/users/profil" title="Mon profil" className="text-fg">
            {user.name}
          </Link>
          <ThemeToggle />
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
