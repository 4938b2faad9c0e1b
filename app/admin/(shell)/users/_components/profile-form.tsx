'use client';

import { useActionState } from 'react';
import { Field, FormStatus, SubmitButton, useResultToast } from '@/components/admin/form-kit';
import { updateProfileAction } from '../actions';

export function ProfileForm({ name, email }: { name: string; email: string }) {
  const [result, action] = useActionState(updateProfileAction, null);
  useResultToast(result);
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  return (
    <form action={action} noValidate className="mt-6 max-w-xl space-y-4">
      <Field name="name" label="Nom complet" autoComplete="name" required defaultValue={name} errors={errors} />
      <Field name="email" label="Adresse électronique" type="email" autoComplete="email" required defaultValue={email} errors={errors} />
      <Field name="currentPassword" label="Mot de passe actuel" type="password" autoComplete="current-password" errors={errors} />
      <Field
        name="password"
        label="Nouveau mot de passe"
        type="password"
        autoComplete="new-password"
        hint="Laissez vide pour le garder. 12 caractères au moins."
        errors={errors}
      />
      <Field name="passwordConfirm" label="Nouveau mot de passe (confirmation)" type="password" autoComplete="new-password" errors={errors} />
      <FormStatus result={result} />
      <SubmitButton pendingLabel="Enregistrement…">Enregistrer</SubmitButton>
    </form>
  );
}
