'use client';
/**
 * Form pieces for admin actions (lib/admin/action.ts): a field with its label and French error,
 * a submit button showing the pending state, and the toast + refresh after a result.
 */
import { useRouter } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { useFormStatus } from 'react-dom';
import { toast } from 'sonner';
import type { ActionResult } from '@/lib/admin/action';

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

export function Field({ name, id = name, label, type = 'text', autoComplete, required, defaultValue, hint, errors, rows, inputMode, lang, maxLength }: FieldProps) {
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
export function SubmitButton({ children, pendingLabel, pending: dispatched }: { children: React.ReactNode; pendingLabel: string; pending?: boolean }) {
  const status = useFormStatus();
  const pending = dispatched ?? status.pending;
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover disabled:opacity-70">
      {pending ? pendingLabel : children}
    </button>
  );
}

/** Toasts each new result, refreshes the page's server data on success, and resets the form if asked. */
export function useResultToast<T>(result: ActionResult<T> | null, options: { reset?: React.RefObject<HTMLFormElement | null> } = {}) {
  const router = useRouter();
  const seen = useRef<ActionResult<T> | null>(null);
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (result.ok) {
      toast.success(result.message ?? 'Enregistré.');
      options.reset?.current?.reset();
      router.refresh();
    } else {
      toast.error(result.error);
    }
  }, [result, router, options.reset]);
}

/** The `aria-live` line under a form: the last result's message. */
export function FormStatus<T>({ result }: { result: ActionResult<T> | null }) {
  return (
    <p role="status" aria-live="polite" className={`min-h-6 text-sm ${result && !result.ok ? 'text-down' : 'text-muted'}`}>
      {result ? (result.ok ? (result.message ?? 'Enregistré.') : result.error) : null}
    </p>
  );
}
