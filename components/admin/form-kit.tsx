'use client';
/**
 * Form pieces for admin actions (lib/admin/action.ts): the one way a form sends its action
 * (`useFormAction`: a refused save keeps every typed value), a field with its label and French
 * error, a submit button showing the pending state, and the toast as a result arrives (the page is refreshed by the action's own answer).
 */
import { startTransition, useActionState, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useFormStatus } from 'react-dom';
import { toast } from 'sonner';
import type { z } from 'zod';
import type { ActionResult } from '@/lib/admin/action';
import { nestEnglish } from '@/lib/content/schemas/translations';
import type { FieldErrors } from '@/lib/errors';
import { fieldErrorsOf } from '@/lib/validation';

/** An admin form action as `adminFormAction` builds it. */
export type FormAction<T> = (previous: ActionResult<T> | null, form: FormData) => Promise<ActionResult<T>>;

/**
 * The form's fields as the action will read them (empty strings dropped, like `formDataToObject`;
 * `en.x` under `en`, like `fromFlatForm`).
 */
function formInput(form: FormData): unknown {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (key.startsWith('$ACTION') || value === '') continue;
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return nestEnglish(out);
}

const noSubscription = () => () => {};
/**
 * False in the server's HTML and until React has hydrated the page, true after. Before hydration a
 * click on a submit button was the browser's own: a GET to the page with every field in its
 * address (a new account's password included). Submit buttons wait for it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

const invalidFormMessage = 'Certains champs sont à corriger : voyez les messages sous les champs.';

/**
 * The one way a back-office form sends its action (issue 30). React resets a `<form action={…}>`
 * after its action, so a refused save would lose what was typed: this hook submits the form's data
 * itself (`onSubmit` + `startTransition`, no `action` prop), so the fields — native or not (rich
 * text, file picker, radio state) — keep every value whatever the answer. Spread `formProps` on the
 * `<form>`; show `errors` under the fields (`Field` does) and `alert` (or `FormStatus`) for the
 * rest; the first field to correct gets the focus. `schema`: the same zod schema the server
 * applies, checked in the browser first.
 *
 * After a success the page's data is refreshed, and the form must show the saved values as the
 * server normalized them, not what was typed: put `key` on the `<form>`. It changes with each
 * success and with `saved` — what the page loaded that a save changes (a version, the saved
 * values) — so the fields are drawn again from the refreshed page's values; a creation form
 * (nothing `saved`) starts empty again. `onSuccess` runs with the action's data before that.
 */
export function useFormAction<T>(
  action: FormAction<T>,
  {
    schema,
    saved,
    onSubmit: sending,
    onSuccess,
  }: { schema?: z.ZodType; saved?: string | number; onSubmit?: () => void; onSuccess?: (data: T) => void } = {},
) {
  const form = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [successes, setSuccesses] = useState(0);
  const [result, dispatch, pending] = useActionState<ActionResult<T> | null, FormData>(async (previous, data) => {
    const answer = await action(previous, data);
    // Told as the answer arrives: the same answer brings the page's new server data (lib/admin/action.ts),
    // which may replace this form (a grid giving way to the version it created) before an effect would run.
    if (answer.ok) {
      toast.success(answer.message ?? 'Enregistré.');
      onSuccess?.(answer.data);
      setSuccesses((n) => n + 1);
    } else {
      toast.error(answer.error);
    }
    return answer;
  }, null);

  const errors: FieldErrors | undefined = clientErrors ?? (result && !result.ok ? result.fieldErrors : undefined);
  const alert = clientErrors ? invalidFormMessage : result && !result.ok ? result.error : null;

  // The first field to correct gets the focus (its message is read with it).
  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    if (schema) {
      const checked = schema.safeParse(formInput(data));
      if (!checked.success) {
        setClientErrors(fieldErrorsOf(checked.error).fieldErrors);
        return;
      }
    }
    setClientErrors(null);
    sending?.();
    startTransition(() => dispatch(data));
  };

  // `post`: should the browser ever send the form itself (before hydration), no field goes in an address.
  return {
    formProps: { ref: form, onSubmit, noValidate: true, method: 'post' },
    key: `${saved ?? ''}:${successes}`,
    result,
    errors,
    alert,
    pending,
  };
}

/** Why the last save was refused (a conflict, a server error, fields to correct), read out at once. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-down bg-surface px-3 py-2 text-sm text-down">
      {message}
    </p>
  );
}

type FieldProps = {
  name: string;
  /** The input's id, when several forms of a page share field names (defaults to `name`). */
  id?: string;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  hint?: string;
  errors?: Record<string, string[] | undefined>;
  /** A multi-line text area of this many rows instead of a one-line input. */
  rows?: number;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Language of the text typed when it is not French (`en` for an English version): spell-checkers follow it. */
  lang?: string;
  /** Longest accepted text. */
  maxLength?: number;
};

export function Field({
  name,
  id = name,
  label,
  type = 'text',
  autoComplete,
  required,
  defaultValue,
  hint,
  errors,
  rows,
  inputMode,
  lang,
  maxLength,
}: FieldProps) {
  const error = errors?.[name]?.[0];
  const describedBy = [hint ? `${id}-aide` : null, error ? `${id}-erreur` : null].filter(Boolean).join(' ') || undefined;
  const control = {
    id,
    name,
    autoComplete,
    required,
    defaultValue,
    lang,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: 'mt-1 block w-full max-w-md rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down',
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <FieldHint id={id} hint={hint} />
      {rows ? <textarea {...control} rows={rows} /> : <input {...control} type={type} inputMode={inputMode} />}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's hint, `{id}-aide` (the control names it in `aria-describedby`). */
export function FieldHint({ id, hint }: { id: string; hint?: React.ReactNode }) {
  return hint ? (
    <p id={`${id}-aide`} className="text-xs text-muted">
      {hint}
    </p>
  ) : null;
}

/** A field's error, `{id}-erreur` (the control names it in `aria-describedby`). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-erreur`} className="mt-1 text-sm text-down">
      {error}
    </p>
  ) : null;
}

/** `pending` is for forms that dispatch their action themselves (after checking it in the browser). */
export function SubmitButton({
  children,
  pendingLabel,
  pending: dispatched,
}: {
  children: React.ReactNode;
  pendingLabel: string;
  pending?: boolean;
}) {
  const status = useFormStatus();
  const pending = dispatched ?? status.pending;
  const hydrated = useHydrated();
  return (
    <button
      type="submit"
      disabled={pending || !hydrated}
      aria-disabled={pending || !hydrated}
      className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover disabled:opacity-70"
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/** The `aria-live` line under a form: the last result's message. */
export function FormStatus<T>({ result }: { result: ActionResult<T> | null }) {
  return (
    <p role="status" aria-live="polite" className={`min-h-6 text-sm ${result && !result.ok ? 'text-down' : 'text-muted'}`}>
      {result ? (result.ok ? (result.message ?? 'Enregistré.') : result.error) : null}
    </p>
  );
}
