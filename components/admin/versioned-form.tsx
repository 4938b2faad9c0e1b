'use client';
/**
 * The behaviour of a back-office edit form saving a versioned record (the institute's identity,
 * its pages, an area's introduction), on top of the form kit's `useFormAction` (the same zod schema
 * checked in the browser before sending, a refused save keeping what the user typed, French errors
 * per field and an alert for the rest — a conflict names who saved meanwhile): the `version` the
 * form was loaded with kept up to date after each save, and a warning before leaving with unsaved
 * changes.
 */
import Image from 'next/image';
import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { LazyRichTextEditor } from '@/components/admin/editor/lazy-rich-text-editor';
import { FilePicker } from '@/components/admin/files/file-picker';
import { FieldError, FieldHint, FormAlert, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';
import type { ActionResult } from '@/lib/admin/action';
import type { ChosenFile } from '@/lib/content/editing/values';
import type { FieldErrors } from '@/lib/errors';
import { formatDateTime } from '@/lib/i18n/format';
import { useLeaveWarning } from './leave-warning';

/** What a versioned save answers: the version the form now holds, and whether anything changed. */
export type SavedVersion = { version: number; changed: boolean };

// ─── The hook ──────────────────────────────────────────────────────────────────────────────

/**
 * Wires a form to a versioned admin action, through the form kit's `useFormAction` (a refused save
 * keeps what was typed). Spread `formProps` on the `<form>` and put `key` on it (a save then shows
 * the saved values), render the hidden `version` input with `version`, call
 * `markDirty` from controls that change without an input event (rich text, file picker), show
 * `errors` under the fields and `alert` above the button.
 */
export function useVersionedForm({
  action,
  schema,
  initialVersion,
}: {
  action: FormAction<SavedVersion>;
  schema: z.ZodType;
  initialVersion: number;
}) {
  // The version the next save must send (a refused save keeps the previous one).
  const [version, setVersion] = useState(initialVersion);
  const [dirty, setDirty] = useState(false);
  // Changes since the form was loaded, and how many of them the save in flight carries.
  const edits = useRef(0);
  const sent = useRef(0);
  const form = useFormAction(action, {
    schema,
    saved: initialVersion,
    onSubmit: () => {
      sent.current = edits.current;
    },
    onSuccess: (data) => {
      setVersion(data.version);
      // What was typed while the save was in flight is still unsaved.
      if (edits.current === sent.current) setDirty(false);
    },
  });

  const markDirty = useCallback(() => {
    edits.current += 1;
    setDirty(true);
  }, []);

  useLeaveWarning(dirty);

  // Typing in a field (or the rich text) is a change; typing in a search box of a dialog is not.
  const onInput = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (target.hasAttribute('name') || target.isContentEditable) markDirty();
  };

  return {
    formProps: { ...form.formProps, onInput },
    key: form.key,
    version,
    pending: form.pending,
    result: form.result,
    errors: form.errors,
    alert: form.alert,
    dirty,
    markDirty,
  };
}

// ─── Pieces of these forms ─────────────────────────────────────────────────────────────────

/** The `aria-live` line of a successful save (failures go to `FormAlert`). */
export function SaveStatus({ result, dirty }: { result: ActionResult<SavedVersion> | null; dirty: boolean }) {
  return (
    <p role="status" aria-live="polite" className="min-h-6 text-sm text-muted">
      {result?.ok && !dirty ? (result.message ?? 'Enregistré.') : dirty ? 'Modifications non enregistrées.' : null}
    </p>
  );
}

/**
 * The end of these forms: why the last save was refused, the save's status line and the button;
 * nothing for a user who may only read the form (lib/admin/access.ts decides, the page says why).
 */
export function SaveControls({
  form,
  readOnly,
  children,
}: {
  form: Pick<ReturnType<typeof useVersionedForm>, 'alert' | 'result' | 'dirty' | 'pending'>;
  readOnly?: boolean;
  children: React.ReactNode;
}) {
  if (readOnly) return null;
  return (
    <>
      <FormAlert message={form.alert} />
      <SaveStatus result={form.result} dirty={form.dirty} />
      <SubmitButton pending={form.pending} pendingLabel="Enregistrement…">
        {children}
      </SubmitButton>
    </>
  );
}

/** « Dernier enregistrement le 3 mars 2026 à 14:32 par Hélène Diallo. » */
export function LastSaved({ at, by }: { at: string | null; by: string | null }) {
  if (!at) return <p className="text-sm text-muted">Jamais enregistré : le premier enregistrement crée ce contenu.</p>;
  return (
    <p className="text-sm text-muted">
      Dernier enregistrement le {formatDateTime(at)}
      {by ? ` par ${by}` : ''}.
    </p>
  );
}

/** A rich-text field of these forms: the editor, its hint and its error under it (by the field's `name`: `body`, `en.body`). */
export function RichTextField({
  id,
  name,
  label,
  hint,
  defaultValue,
  errors,
  required,
  lang,
  onChange,
  readOnly,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  defaultValue: string;
  errors?: FieldErrors;
  required?: boolean;
  /** `en` for an English version. */
  lang?: string;
  onChange: () => void;
  /** Shown, not editable (the form is read-only for this user). */
  readOnly?: boolean;
}) {
  const error = errors?.[name]?.[0];
  const describedBy = [hint ? `${id}-aide` : null, error ? `${id}-erreur` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <LazyRichTextEditor
        id={id}
        name={name}
        label={label}
        required={required}
        lang={lang}
        defaultValue={defaultValue}
        onChange={onChange}
        invalid={Boolean(error)}
        describedBy={describedBy}
        readOnly={readOnly}
      />
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
}

/** An image of the library (logo, photo) chosen with the file picker, with a preview and its error. */
export function ImageField({
  name,
  label,
  hint,
  initial,
  errors,
  onChange,
}: {
  /** Name of the hidden input carrying the id (server-action forms); none for controlled forms. */
  name?: string;
  label: string;
  hint?: string;
  initial: ChosenFile | null;
  errors?: FieldErrors;
  onChange?: (file: ChosenFile | null) => void;
}) {
  const [chosen, setChosen] = useState(initial);
  // A file that is not an image (the server refuses it with a message) shows no broken preview.
  const [broken, setBroken] = useState(false);
  const error = name ? errors?.[name]?.[0] : undefined;
  return (
    <div className="max-w-md">
      <FilePicker
        name={name}
        label={label}
        type="image"
        initial={initial}
        onChange={(file) => {
          setChosen(file);
          setBroken(false);
          onChange?.(file);
        }}
      />
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
      {chosen && !broken ? (
        <Image
          src={chosen.url}
          alt={`Aperçu : ${chosen.name}`}
          width={160}
          height={160}
          unoptimized
          onError={() => setBroken(true)}
          className="mt-2 h-24 w-auto rounded border border-border object-contain"
        />
      ) : null}
      {error ? <p className="mt-1 text-sm text-down">{error}</p> : null}
    </div>
  );
}
