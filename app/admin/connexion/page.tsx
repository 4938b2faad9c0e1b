import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { Suspense } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { Logo } from '@/components/ui/logo';
import { getSession } from '@/lib/auth/session';
import { RETURN_COOKIE, safeReturnPath as safeNext } from '@/lib/auth/return-path';
import { LoginForm } from './_components/login-form';

export const metadata = { title: 'Connexion — Administration', robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ suite?: string }> };

async function Gate({ searchParams }: Props) {
  if (await getSession()) redirect('/admin');
  // The admin page a visitor first asked for: `?suite=`, or the cookie proxy.ts left when it sent them to `/`.
  const { suite } = await searchParams;
  return <LoginForm next={safeNext(suite ?? (await cookies()).get(RETURN_COOKIE)?.value)} />;
}

export default function LoginPage(props: Props) {
  return (
    <main id="contenu" className="flex min-h-screen items-center justify-center bg-surface px-4">
      <div className="w-full max-w-sm rounded-xl border border-border bg-bg p-8 shadow-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <Logo size={56} />
          <h1 className="text-xl font-bold">Connexion à l&apos;administration</h1>
        </div>
        <Suspense fallback={<LoadingScreen label="Vérification de la session…" />}>
          <Gate {...props} />
        </Suspense>
      </div>
    </main>
  );
}
