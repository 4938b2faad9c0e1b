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
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  hint?: string;
  errors?: Record<string, string[] | undefined>;
};

export function Field({ name, label, type = 'text', autoComplete, required, defaultValue, hint, errors }: FieldProps) {
  const error = errors?.[name]?.[0];
  const describedBy = [hint ? `${name}-aide` : null, error ? `${name}-erreur` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {hint ? (
        <p id={`${name}-aide`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1 block w-full max-w-md rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down"
      />
      {error ? (
        <p id={`${name}-erreur`} className="mt-1 text-sm text-down">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ children, pendingLabel }: { children: React.ReactNode; pendingLabel: string }) {
  const { pending } = useFormStatus();
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
