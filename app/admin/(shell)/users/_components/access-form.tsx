'use client';
/**
 * One account's role and areas, on the users screen: folded in a `<details>` so the table stays
 * compact. Sent through the form kit's `useFormAction`: a refused save keeps what was chosen and
 * says why; a saved one shows what the server kept (a Rédacteur's areas sorted, none for the others).
 */
import { useState } from 'react';
import { FormStatus, SubmitButton, useFormAction } from '@/components/admin/form-kit';
import type { Role } from '@/lib/auth/roles';
import { setUserAccessAction } from '../actions';
import { RoleFields, type RoleOption } from './role-fields';

export function AccessForm({
  userId,
  name,
  role: savedRole,
  areas: savedAreas,
  options,
  self,
}: {
  userId: string;
  name: string;
  role: Role;
  areas: readonly string[];
  options: RoleOption[];
  /** The account is the connected administrator's own. */
  self: boolean;
}) {
  const [role, setRole] = useState<Role>(savedRole);
  const [areas, setAreas] = useState<string[]>([...savedAreas]);
  // The saved values changed on the server (this save, after the page's refresh, or another administrator's): shown.
  const saved = `${savedRole}:${savedAreas.join(',')}`;
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setRole(savedRole);
    setAreas([...savedAreas]);
  }
  const { formProps, result, errors, pending } = useFormAction(setUserAccessAction, {
    onSuccess: (data) => {
      setRole(data.role);
      setAreas(data.areas);
    },
  });
  const id = `acces-${userId}`;

  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm">
        Modifier le rôle<span className="sr-only"> de {name}</span>
      </summary>
      <form {...formProps} className="mt-2 max-w-xl space-y-3 rounded-md border border-border bg-surface p-3">
        <input type="hidden" name="userId" value={userId} />
        <RoleFields id={id} options={options} role={role} areas={areas} onRole={setRole} onAreas={setAreas} errors={errors} />
        {self && role !== 'admin' ? (
          <p className="text-sm text-down">C’est votre compte : sans le rôle Administrateur, vous n’aurez plus accès à cette page.</p>
        ) : null}
        <FormStatus result={result} />
        <SubmitButton pending={pending} pendingLabel="Enregistrement…">
          Enregistrer le rôle<span className="sr-only"> de {name}</span>
        </SubmitButton>
      </form>
    </details>
  );
}
