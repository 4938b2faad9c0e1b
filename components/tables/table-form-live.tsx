'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useTransition } from 'react';

/**
 * The progressive enhancement of a table's GET form: with JavaScript, a change of a box or a place
 * updates the table in place (the same address as the form's submit, so the URL stays the
 * selection) without reloading the page. Without JavaScript, the form's button does the same.
 */
export function TableFormLive({ formId, busyLabel }: { formId: string; busyLabel: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const go = (submitter?: HTMLElement | null) => {
      const query = new URLSearchParams();
      // The button pressed counts (a long dimension's page); an empty search is left out of the address.
      for (const [k, v] of new FormData(form, submitter)) if (typeof v === 'string' && v !== '') query.append(k, v);
      start(() => router.replace(`${form.getAttribute('action') ?? ''}?${query}`, { scroll: false }));
    };
    const onChange = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => go(), 300);
    };
    const onSubmit = (e: SubmitEvent) => {
      e.preventDefault();
      clearTimeout(timer.current);
      go(e.submitter);
    };
    form.addEventListener('change', onChange);
    form.addEventListener('submit', onSubmit);
    return () => {
      form.removeEventListener('change', onChange);
      form.removeEventListener('submit', onSubmit);
      clearTimeout(timer.current);
    };
  }, [formId, router]);
  return (
    <p role="status" aria-live="polite" className="text-sm text-muted">
      {pending ? busyLabel : ''}
    </p>
  );
}
