'use client';
/**
 * One account's role and areas, on the users screen: folded in a `<details>` so the table stays
 * compact. Dispatched without React's form reset: a refused save keeps what was chosen and says
 * why; a saved one shows what the server kept (a Rédacteur's areas sorted, none for the others).
 */
import { startTransition, useActionState, useState, type FormEvent } from 'react';
import { FormStatus, SubmitButton, useResultToast } from '@/components/admin/form-kit';
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
  const [result, dispatch, pending] = useActionState(async (previous: Awaited<ReturnType<typeof setUserAccessAction>> | null, form: FormData) => {
    const answer = await setUserAccessAction(previous, form);
    if (answer.ok) {
      setRole(answer.data.role);
      setAreas(answer.data.areas);
    }
    return answer;
  }, null);
  useResultToast(result);
  const errors = result && !result.ok ? result.fieldErrors : undefined;
  const id = `acces-${userId}`;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    startTransition(() => dispatch(data));
  };

  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm">
        Modifier le rôle<span className="sr-only"> de {name}</span>
      </summary>
      <form onSubmit={submit} noValidate className="mt-2 max-w-xl space-y-3 rounded-md border border-border bg-surface p-3">
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
