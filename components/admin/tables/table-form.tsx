'use client';
/**
 * A table's description, created or edited (optimistic lock on `version`), French and English.
 * Sent through the form kit's `useFormAction`: a refused save keeps what was typed.
 */
import { EnglishFieldset } from '@/components/admin/english-fieldset';
import { Field, FieldError, FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';
import { ReadOnlyFields } from '@/components/admin/read-only';
import type { TableMeta } from '@/lib/tables/model';

const select = 'mt-1 block w-full max-w-md rounded-md border border-border bg-bg px-3 py-2';
type English = Partial<Record<'title' | 'description' | 'source' | 'method' | 'notes', string>>;

export function TableForm<T>({
  action,
  areas,
  initial,
  english,
  version,
  readOnly = null,
}: {
  action: FormAction<T>;
  areas: { slug: string; label: string }[];
  initial?: TableMeta;
  english?: English;
  version?: number;
  /** Why the user may read but not change it (fields disabled, no button), or null. */
  readOnly?: string | null;
}) {
  const { formProps, key, result, errors, pending } = useFormAction(action, { saved: version });
  const error = (name: string) => errors?.[name]?.[0];
  return (
    <form key={key} {...formProps} className="mt-4 space-y-4">
      {initial ? <input type="hidden" name="current" value={initial.code} /> : null}
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <ReadOnlyFields id="table" note={readOnly} className="space-y-4">
        <Field
          name="code"
          label="Code"
          required
          defaultValue={initial?.code}
          hint="Lettres majuscules sans accent, chiffres et _ ; par exemple POP_REGION_SEXE_AGE. Il figure dans les adresses et l’API."
          errors={errors}
        />
        <Field name="title" label="Titre en français" required defaultValue={initial?.title} errors={errors} />
        <div>
          <label htmlFor="area" className="block text-sm font-medium">
            Rubrique
          </label>
          <select
            id="area"
            name="area"
            defaultValue={initial?.area}
            aria-invalid={error('area') ? true : undefined}
            aria-describedby={error('area') ? 'area-erreur' : undefined}
            className={select}
          >
            {areas.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.label}
              </option>
            ))}
          </select>
          <FieldError id="area" error={error('area')} />
        </div>
        <Field name="description" label="Description" rows={3} defaultValue={initial?.description} errors={errors} />
        <Field name="source" label="Source" defaultValue={initial?.source} errors={errors} />
        <Field name="method" label="Méthode" rows={4} defaultValue={initial?.method} errors={errors} />
        <Field name="notes" label="Notes sur le tableau" rows={3} defaultValue={initial?.notes} errors={errors} />
        <EnglishFieldset id="table-en">
          <Field
            name="en.title"
            id="table-en-title"
            label="Titre en anglais"
            lang="en"
            maxLength={300}
            defaultValue={english?.title}
            errors={errors}
          />
          <Field
            name="en.description"
            id="table-en-description"
            label="Description en anglais"
            lang="en"
            rows={3}
            maxLength={2000}
            defaultValue={english?.description}
            errors={errors}
          />
          <Field
            name="en.source"
            id="table-en-source"
            label="Source en anglais"
            lang="en"
            maxLength={300}
            defaultValue={english?.source}
            errors={errors}
          />
          <Field
            name="en.method"
            id="table-en-method"
            label="Méthode en anglais"
            lang="en"
            rows={4}
            maxLength={5000}
            defaultValue={english?.method}
            errors={errors}
          />
          <Field
            name="en.notes"
            id="table-en-notes"
            label="Notes en anglais"
            lang="en"
            rows={3}
            maxLength={5000}
            defaultValue={english?.notes}
            errors={errors}
          />
        </EnglishFieldset>
      </ReadOnlyFields>
      {readOnly ? null : (
        <>
          <FormStatus result={result} />
          <SubmitButton pending={pending} pendingLabel="Enregistrement…">
            {initial ? 'Enregistrer la description' : 'Créer le tableau'}
          </SubmitButton>
        </>
      )}
    </form>
  );
}
