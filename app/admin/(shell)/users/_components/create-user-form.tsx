'use client';

import { useActionState, useRef } from 'react';
import { Field, FormStatus, SubmitButton, useResultToast } from '@/components/admin/form-kit';
import { createUserAction } from '../actions';

export function CreateUserForm() {
  const [result, action] = useActionState(createUserAction, null);
  const form = useRef<HTMLFormElement>(null);
  useResultToast(result, { reset: form });
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  return (
    <form ref={form} action={action} noValidate className="mt-4 space-y-4">
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
      <FormStatus result={result} />
      <SubmitButton pendingLabel="Création…">Créer le compte</SubmitButton>
    </form>
  );
}
