'use client';
/**
 * One's own profile. Sent through the form kit's `useFormAction`: a refused save keeps what was
 * typed; after a save it shows the saved name and address (as the server normalized them), its
 * password fields empty.
 */
import { Field, FormStatus, SubmitButton, useFormAction } from '@/components/admin/form-kit';
import { updateProfileAction } from '../actions';

export function ProfileForm({ name, email }: { name: string; email: string }) {
  const { formProps, key, result, errors, pending } = useFormAction(updateProfileAction, { saved: `${name}\n${email}` });
  return (
    <form key={key} {...formProps} className="mt-6 max-w-xl space-y-4">
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
      <Field
        name="passwordConfirm"
        label="Nouveau mot de passe (confirmation)"
        type="password"
        autoComplete="new-password"
        errors={errors}
      />
      <FormStatus result={result} />
      <SubmitButton pending={pending} pendingLabel="Enregistrement…">
        Enregistrer
      </SubmitButton>
    </form>
  );
}
