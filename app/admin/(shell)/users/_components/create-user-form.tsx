'use client';

import { startTransition, useActionState, useRef, useState, type FormEvent } from 'react';
import { Field, FormStatus, SubmitButton, useResultToast } from '@/components/admin/form-kit';
import type { Role } from '@/lib/auth/roles';
import { createUserAction } from '../actions';
import { RoleFields, type RoleOption } from './role-fields';

/**
 * A new account with its role: Rédacteur without area (the least power) unless the administrator
 * chooses otherwise. Dispatched without React's form reset, so a refused creation keeps what was
 * typed; a successful one empties the form.
 */
export function CreateUserForm({ options }: { options: RoleOption[] }) {
  const [role, setRole] = useState<Role>('editor');
  const [areas, setAreas] = useState<string[]>([]);
  const [result, dispatch, pending] = useActionState(async (previous: Awaited<ReturnType<typeof createUserAction>> | null, form: FormData) => {
    const answer = await createUserAction(previous, form);
    if (answer.ok) {
      setRole('editor');
      setAreas([]);
    }
    return answer;
  }, null);
  const form = useRef<HTMLFormElement>(null);
  useResultToast(result, { reset: form });
  const errors = result && !result.ok ? result.fieldErrors : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => dispatch(data));
  };

  return (
    <form ref={form} onSubmit={submit} noValidate className="mt-4 space-y-4">
      <Field name="name" label="Nom complet" autoComplete="off" required errors={errors} />
      <Field name="email" label="Adresse électronique" type="email" autoComplete="off" required errors={errors} />
      <Field
        name="password"
        label="Mot de passe initial"
        type="password"
        autoComplete="new-password"
        required
        hint="12 caractères au moins ; une phrase de plusieurs mots convient très bien."
        errors={errors}
      />
      <RoleFields id="creation" options={options} role={role} areas={areas} onRole={setRole} onAreas={setAreas} errors={errors} />
      <FormStatus result={result} />
      <SubmitButton pending={pending} pendingLabel="Création…">
        Créer le compte
      </SubmitButton>
    </form>
  );
}
