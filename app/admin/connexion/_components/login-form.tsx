'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Field } from '@/components/admin/form-kit';
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

  return (
    <form onSubmit={onSubmit} method="post" action="/api/user/login" noValidate className="space-y-4" aria-busy={pending}>
      <Field name="email" label="Adresse électronique" type="email" autoComplete="username" required errors={errors.fields} />
      <Field name="password" label="Mot de passe" type="password" autoComplete="current-password" required errors={errors.fields} />
      <p role="status" aria-live="polite" className="min-h-6 text-sm text-down">
        {errors.message}
      </p>
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover disabled:opacity-70"
      >
        {pending ? 'Connexion…' : 'Se connecter'}
      </button>
    </form>
  );
}
