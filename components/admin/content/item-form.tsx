'use client';
/**
 * The edit form of any item of any area (publications, news, events, galleries, tenders…): its
 * fields are props, plain objects the server reads from the item's kind (`formFields`, so that no
 * kind's module reaches the browser), sent to the route's `saveItemAction` (`actions.save`, handed
 * down as a prop), which checks them with the kind's schema. French errors under each field, a pending
 * state, a toast, a conflict alert that keeps what was typed, and a warning before leaving with
 * unsaved changes. The life-cycle panel (publish, schedule, trash…) sits beside it.
 */
import { useRouter } from 'next/navigation';
import { useId, useRef, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { LazyRichTextEditor } from '@/components/admin/editor/lazy-rich-text-editor';
import { EnglishFieldset } from '@/components/admin/english-fieldset';
import { SubmitButton } from '@/components/admin/form-kit';
import { useLeaveWarning } from '@/components/admin/leave-warning';
import { ReadOnlyFields } from '@/components/admin/read-only';
import type { FormField } from '@/lib/content/kinds/form';
import { errorUnder, toInput, type ChosenFile, type FieldValue, type FormValues, type ItemMeta } from '@/lib/content/editing/values';
import type { FieldErrors } from '@/lib/errors';
import { AttachmentsField, DocumentField, GalleryField, ImageField } from './file-fields';
import type { ActionResult } from '@/lib/admin/action';
import { ItemLifecycle, type ChangeItem, type LifecycleAllowed } from './item-lifecycle';

/** The server action that creates or saves an item (`saveItemAction`): what the form sends and reads back. */
export type SaveItem = (input: {
  area: string;
  id?: number;
  version?: number;
  values: Record<string, unknown>;
}) => Promise<ActionResult<{ id: number; version: number; editUrl: string }>>;

/** The item's server actions, handed down by the route (components never import from `app/`). */
export type ItemActions = { save: SaveItem; change: ChangeItem };

type Props = {
  actions: ItemActions;
  /** Slug of the item's area. */
  area: string;
  /** Areas sharing this admin screen the item may move to (lois ↔ décrets); empty otherwise. */
  siblings: { slug: string; label: string }[];
  /** The edit form's fields in the item's area and in each of its siblings, by area slug. */
  fields: Record<string, FormField[]>;
  initial: FormValues;
  /** Null for a new item. */
  meta: ItemMeta | null;
  /** Public page of the item when it is online. */
  publicUrl: string | null;
  listPath: string;
  /** Why the user may read but not change this item (its fields disabled, no save button), or null. */
  readOnly?: string | null;
  /** The life-cycle changes the user may make (an existing item's). */
  allowed?: LifecycleAllowed;
};

/** The least: what the panel offers when the screen says nothing (the server decides anyway). */
const nothingAllowed: LifecycleAllowed = { publish: false, trash: false, deleteForGood: false, review: false, ownWork: true };

export function ItemForm({
  actions,
  area: initialArea,
  siblings,
  fields: fieldsByArea,
  initial,
  meta: initialMeta,
  publicUrl,
  listPath,
  readOnly = null,
  allowed = nothingAllowed,
}: Props) {
  const router = useRouter();
  const formId = useId();
  const [areaSlug, setAreaSlug] = useState(initialArea);
  const fields = fieldsByArea[areaSlug] ?? [];
  const french = fields.filter((f) => f.lang !== 'en');
  const english = fields.filter((f) => f.lang === 'en');
  const [values, setValues] = useState<FormValues>(initial);
  const [saved, setSaved] = useState(() => JSON.stringify({ a: initialArea, v: initial }));
  const [meta, setMeta] = useState<ItemMeta | null>(initialMeta);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const alertRef = useRef<HTMLDivElement>(null);
  const dirty = JSON.stringify({ a: areaSlug, v: values }) !== saved;

  useLeaveWarning(dirty);

  const set = (name: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name])
      setErrors((all) => {
        const rest = { ...all };
        delete rest[name];
        return rest;
      });
  };

  const showErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const first = fields.find((f) => errorUnder(fieldErrors, f.name));
    if (first) requestAnimationFrame(() => document.getElementById(`${formId}-${first.name}`)?.focus());
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const input = toInput(fields, values);
    setAlert(null);
    startTransition(async () => {
      const result = await actions.save({ area: areaSlug, id: meta?.id, version: meta?.version, values: input });
      if (!result.ok) {
        if (result.fieldErrors && Object.keys(result.fieldErrors).length > 0) showErrors(result.fieldErrors);
        else {
          setAlert(result.error);
          requestAnimationFrame(() => alertRef.current?.focus());
        }
        toast.error(result.error);
        return;
      }
      setErrors({});
      setSaved(JSON.stringify({ a: areaSlug, v: values }));
      toast.success(result.message ?? 'Enregistré.');
      if (!meta) {
        router.replace(result.data.editUrl);
        return;
      }
      setMeta({ ...meta, version: result.data.version });
      // The action's answer brought the page's new server data (lib/admin/action.ts); only a new
      // address needs a navigation, inside the transition so the state buttons wait for it.
      if (result.data.editUrl !== window.location.pathname) startTransition(() => router.replace(result.data.editUrl));
    });
  };

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_18rem]">
      <form
        id={formId}
        onSubmit={submit}
        method="post"
        noValidate
        aria-describedby={alert ? `${formId}-alerte` : undefined}
        className="space-y-5"
      >
        {alert ? (
          <div
            id={`${formId}-alerte`}
            ref={alertRef}
            tabIndex={-1}
            role="alert"
            className="rounded-md border border-down bg-surface p-4 text-down"
          >
            <p className="font-semibold">L’enregistrement n’a pas été fait.</p>
            <p className="mt-1">{alert}</p>
          </div>
        ) : null}
        <ReadOnlyFields id={formId} note={readOnly} className="space-y-5">
          {siblings.length > 1 ? (
            <div>
              <label htmlFor={`${formId}-area`} className="block text-sm font-medium">
                Rubrique
              </label>
              <select
                id={`${formId}-area`}
                value={areaSlug}
                onChange={(e) => setAreaSlug(e.target.value)}
                className="mt-1 rounded-md border border-border bg-bg px-3 py-2"
              >
                {siblings.map((s) => (
                  <option key={s.slug} value={s.slug}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {french.map((f) => (
            <FieldControl
              key={f.name}
              formId={formId}
              field={f}
              value={values[f.name] ?? null}
              error={errorUnder(errors, f.name)}
              onChange={(v) => set(f.name, v)}
              readOnly={Boolean(readOnly)}
            />
          ))}
          {english.length > 0 ? (
            <EnglishFieldset id={`${formId}-en`}>
              {english.map((f) => (
                <FieldControl
                  key={f.name}
                  formId={formId}
                  field={f}
                  value={values[f.name] ?? null}
                  error={errorUnder(errors, f.name)}
                  onChange={(v) => set(f.name, v)}
                  readOnly={Boolean(readOnly)}
                />
              ))}
            </EnglishFieldset>
          ) : null}
        </ReadOnlyFields>
        {readOnly ? null : (
          <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
            <SubmitButton pending={pending} pendingLabel="Enregistrement…">
              {meta ? 'Enregistrer' : 'Créer le brouillon'}
            </SubmitButton>
            <span className="text-sm text-muted" aria-live="polite">
              {dirty ? 'Modifications non enregistrées' : meta ? 'Tout est enregistré' : ''}
            </span>
          </div>
        )}
      </form>
      <aside aria-label="Publication et état" className="space-y-4">
        {meta ? (
          <ItemLifecycle
            change={actions.change}
            area={areaSlug}
            meta={meta}
            dirty={dirty}
            busy={pending}
            publicUrl={publicUrl}
            allowed={allowed}
            onChange={(next) => setMeta(next)}
            onDeleted={() => {
              setSaved(JSON.stringify({ a: areaSlug, v: values }));
              router.replace(listPath);
            }}
          />
        ) : (
          <p className="rounded-md border border-border bg-surface p-4 text-sm text-muted">
            L’élément est créé comme brouillon : il n’apparaît sur le site qu’une fois mis en ligne.
          </p>
        )}
      </aside>
    </div>
  );
}

const control = 'mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down';

function FieldControl({
  formId,
  field: f,
  value,
  error,
  onChange,
  readOnly,
}: {
  formId: string;
  field: FormField;
  value: FieldValue;
  error?: string;
  onChange: (v: FieldValue) => void;
  /** The rich text shown, not editable (the other controls are disabled by their fieldset). */
  readOnly: boolean;
}) {
  const id = `${formId}-${f.name}`;
  const hintId = f.hint ? `${id}-aide` : undefined;
  const errorId = error ? `${id}-erreur` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const text = typeof value === 'string' ? value : '';
  const label = (
    <>
      {f.label}
      {f.required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const hint = f.hint ? (
    <p id={hintId} className="text-xs text-muted">
      {f.hint}
    </p>
  ) : null;
  const errorLine = error ? (
    <p id={errorId} className="mt-1 text-sm text-down">
      {error}
    </p>
  ) : null;
  // `name` only identifies the control (tests, autofill): the form sends its state, not its FormData.
  const common = {
    id,
    name: f.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    required: f.required,
    lang: f.lang,
  } as const;

  switch (f.type) {
    case 'richtext':
      return (
        <div>
          <LazyRichTextEditor
            id={id}
            name={f.name}
            label={f.label}
            defaultValue={text}
            onChange={(html) => onChange(html)}
            describedBy={describedBy}
            invalid={Boolean(error)}
            required={f.required}
            lang={f.lang}
            readOnly={readOnly}
          />
          {hint}
          {errorLine}
        </div>
      );
    case 'document':
      return (
        <div id={id} tabIndex={-1}>
          <DocumentField
            label={f.label}
            accept={f.accept ?? []}
            value={(value as ChosenFile | null) ?? null}
            onChange={onChange}
            describedBy={describedBy}
          />
          {hint}
          {errorLine}
        </div>
      );
    case 'image':
    case 'attachments':
    case 'gallery': {
      const Widget = { image: ImageField, attachments: AttachmentsField, gallery: GalleryField }[f.type] as React.ComponentType<{
        label: string;
        value: unknown;
        onChange: (v: FieldValue) => void;
        describedBy?: string;
      }>;
      return (
        <div id={id} tabIndex={-1}>
          <Widget label={f.label} value={value ?? (f.type === 'image' ? null : [])} onChange={onChange} describedBy={describedBy} />
          {hint}
          {errorLine}
        </div>
      );
    }
    case 'textarea':
      return (
        <div>
          <label htmlFor={id} className="block text-sm font-medium">
            {label}
          </label>
          {hint}
          <textarea {...common} rows={4} maxLength={f.max} value={text} onChange={(e) => onChange(e.target.value)} className={control} />
          {errorLine}
        </div>
      );
    default:
      return (
        <div>
          <label htmlFor={id} className="block text-sm font-medium">
            {label}
          </label>
          {hint}
          <input
            {...common}
            type={f.type === 'datetime' ? 'datetime-local' : f.type === 'date' ? 'date' : 'text'}
            maxLength={f.max}
            value={text}
            onChange={(e) => onChange(e.target.value)}
            className={f.type === 'text' ? control : `${control} max-w-xs`}
          />
          {errorLine}
        </div>
      );
  }
}
