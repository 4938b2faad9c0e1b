'use client';

import { useState } from 'react';
import { Field, FormStatus, SubmitButton, useFormAction } from '@/components/admin/form-kit';
import type { Role } from '@/lib/auth/roles';
import { createUserAction } from '../actions';
import { RoleFields, type RoleOption } from './role-fields';

/**
 * A new account with its role: Rédacteur without area (the least power) unless the administrator
 * chooses otherwise. Sent through the form kit's `useFormAction`, so a refused creation keeps what
 * was typed; a successful one empties the form (the account appears in the list above).
 */
export function CreateUserForm({ options }: { options: RoleOption[] }) {
  const [role, setRole] = useState<Role>('editor');
  const [areas, setAreas] = useState<string[]>([]);
  // Each account created starts a new, empty form (`key`).
  const { formProps, key, result, errors, pending } = useFormAction(createUserAction, {
    onSuccess: () => {
      setRole('editor');
      setAreas([]);
    },
  });

  return (
    <form key={key} {...formProps} className="mt-4 space-y-4">
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
