'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { userApi } from '@/lib/api-client';

type Errors = { message: string | null; fields: Record<string, string[] | undefined> };

/** Email and password sign-in; redirects to the page first asked for, or /admin. */
export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [errors, setErrors] = useState<Errors>({ message: null, fields: {} });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    startTransition(async () => {
      const result = await userApi.login(String(form.get('email') ?? ''), String(form.get('password') ?? ''));
      if (!result.ok) {
        setErrors({ message: result.error, fields: result.fieldErrors ?? {} });
        toast.error(result.error);
        return;
      }
      setErrors({ message: null, fields: {} });
      router.replace(next);
      router.refresh();
    });
  }

  const field = (name: 'email' | 'password', label: string, type: string, autoComplete: string) => {
    const error = errors.fields[name]?.[0];
    return (
      <div>
        <label htmlFor={name} className="block text-sm font-medium">
          {label}
        </label>
        <input
          id={name}
          name={name}
          type={type}
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${name}-erreur` : undefined}
          className="mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down"
        />
        {error ? (
          <p id={`${name}-erreur`} className="mt-1 text-sm text-down">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form onSubmit={onSubmit} method="post" action="/api/user/login" noValidate className="space-y-4" aria-busy={pending}>
      {field('email', 'Adresse électronique', 'email', 'username')}
      {field('password', 'Mot de passe', 'password', 'current-password')}
      <p role="status" aria-live="polite" className="min-h-6 text-sm text-down">
        {errors.message}
      </p>
      <button type="submit" disabled={pending} className="w-full rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover disabled:opacity-70">
        {pending ? 'Connexion…' : 'Se connecter'}
      </button>
    </form>
  );
}
