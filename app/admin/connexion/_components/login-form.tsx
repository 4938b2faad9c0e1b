'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { userApi } from '@/lib/api-client';

/** Email and password sign-in; redirects to the page first asked for, or /admin. */
export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await userApi.login(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
      if (!result.ok) {
        setError(result.error);
        toast.error(result.error);
        return;
      }
      router.replace(next);
      router.refresh();
    });
  }

  return (
    <form onSubmit={onSubmit} method="post" action="/api/user/login" noValidate className="space-y-4">
      <div>
        <label htmlFor="email" className="block text-sm font-medium">
          Adresse électronique
        </label>
        <input id="email" name="email" type="email" autoComplete="username" required className="mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2" />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium">
          Mot de passe
        </label>
        <input id="password" name="password" type="password" autoComplete="current-password" required className="mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2" />
      </div>
      <p role="status" aria-live="polite" className="min-h-6 text-sm text-down">
        {error}
      </p>
      <button type="submit" disabled={pending} className="w-full rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover disabled:opacity-70">
        {pending ? 'Connexion…' : 'Se connecter'}
      </button>
    </form>
  );
}
