'use client';
/**
 * A back-office form of the microdata screens bound to its server action through the form kit
 * (`useFormAction`: pending button, `aria-live` status, the message in a toast); its fields are
 * the children, drawn by the page.
 */
import type { ReactNode } from 'react';
import { FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';

export function ActionForm<T>({
  action,
  submit,
  pendingLabel,
  children,
  className = 'space-y-3',
}: {
  action: FormAction<T>;
  submit: string;
  pendingLabel: string;
  children?: ReactNode;
  className?: string;
}) {
  const form = useFormAction(action);
  return (
    <form {...form.formProps} className={className}>
      {children}
      <SubmitButton pendingLabel={pendingLabel}>{submit}</SubmitButton>
      <FormStatus result={form.result} />
    </form>
  );
}
