'use client';
/**
 * A series' description, created or edited (optimistic lock on `version`). Sent through the form
 * kit's `useFormAction`: a refused save keeps what was typed; keyed on the version loaded, the
 * form shows the saved description after a save.
 */
import { EnglishFieldset } from '@/components/admin/english-fieldset';
import { Field, FieldError, FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';
import { ReadOnlyFields } from '@/components/admin/read-only';
import { frequencies, frequencyLabel, seasonalAdjustmentLabel, type SeriesMeta } from '@/lib/series/model';

const select = 'mt-1 block w-full max-w-md rounded-md border border-border bg-bg px-3 py-2';

export function SeriesForm<T>({
  action,
  areas,
  initial,
  english,
  version,
  hasValues,
  readOnly = null,
}: {
  action: FormAction<T>;
  areas: { slug: string; label: string }[];
  initial?: SeriesMeta;
  /** The English description, a field absent when not translated. */
  english?: Partial<Record<'label' | 'unit' | 'basePeriod' | 'source' | 'methodology', string>>;
  version?: number;
  hasValues?: boolean;
  /** Why the user may read but not change it (fields disabled, no button), or null. */
  readOnly?: string | null;
}) {
  const { formProps, key, result, errors, pending } = useFormAction(action, { saved: version });
  const error = (name: string) => errors?.[name]?.[0];
  return (
    <form key={key} {...formProps} className="mt-4 space-y-4">
      {initial ? <input type="hidden" name="current" value={initial.code} /> : null}
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <ReadOnlyFields id="series" note={readOnly} className="space-y-4">
        <Field
          name="code"
          label="Code"
          required
          defaultValue={initial?.code}
          hint={
            'Lettres majuscules sans accent, chiffres et _ ; par exemple IPC ' +
            'ou ICA_COMMERCE. Il figure dans les adresses et les fichiers.'
          }
          errors={errors}
        />
        <Field name="label" label="Titre en français" required defaultValue={initial?.label} errors={errors} />
        <Field name="unit" label="Unité" required defaultValue={initial?.unit ?? 'indice'} errors={errors} />
        <Field name="basePeriod" label="Base" defaultValue={initial?.basePeriod} hint="Par exemple « base 100 = 2020 »." errors={errors} />
        <div>
          <label htmlFor="frequency" className="block text-sm font-medium">
            Fréquence
          </label>
          {hasValues ? (
            <p className="text-xs text-muted" id="frequency-aide">
              La série a des valeurs : sa fréquence ne change plus.
            </p>
          ) : null}
          <select
            id="frequency"
            name="frequency"
            defaultValue={initial?.frequency ?? 'monthly'}
            aria-invalid={error('frequency') ? true : undefined}
            aria-describedby={
              [hasValues ? 'frequency-aide' : null, error('frequency') ? 'frequency-erreur' : null].filter(Boolean).join(' ') || undefined
            }
            className={select}
          >
            {frequencies.map((f) => (
              <option key={f} value={f} disabled={hasValues && f !== initial?.frequency}>
                {frequencyLabel[f]}
              </option>
            ))}
          </select>
          <FieldError id="frequency" error={error('frequency')} />
        </div>
        <Field
          name="decimals"
          label="Décimales affichées"
          type="number"
          inputMode="numeric"
          required
          defaultValue={String(initial?.decimals ?? 1)}
          errors={errors}
        />
        <div>
          <label htmlFor="seasonalAdjustment" className="block text-sm font-medium">
            Correction saisonnière
          </label>
          <select id="seasonalAdjustment" name="seasonalAdjustment" defaultValue={initial?.seasonalAdjustment ?? 'none'} className={select}>
            {Object.entries(seasonalAdjustmentLabel).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Field name="source" label="Source" defaultValue={initial?.source} errors={errors} />
        <Field
          name="imfIndicator"
          label="Code de l’indicateur FMI (page nationale de données récapitulatives)"
          hint="Par exemple PCPI_IX pour les prix à la consommation. Laissez vide si la série n’y figure pas."
          defaultValue={initial?.imfIndicator ?? ''}
          errors={errors}
        />
        <Field
          name="methodology"
          label="Méthode (texte affiché sur la page de la série)"
          rows={4}
          defaultValue={initial?.methodology}
          errors={errors}
        />
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
        <label className="flex items-center gap-2">
          <input type="checkbox" name="headline" defaultChecked={initial?.headline ?? false} /> Chiffre clé (sur l’accueil et en tête de sa
          rubrique)
        </label>
        <EnglishFieldset id="series-en">
          <Field
            name="en.label"
            id="series-en-label"
            label="Titre en anglais"
            lang="en"
            maxLength={200}
            defaultValue={english?.label}
            errors={errors}
          />
          <Field
            name="en.unit"
            id="series-en-unit"
            label="Unité en anglais"
            lang="en"
            maxLength={60}
            defaultValue={english?.unit}
            hint="Par exemple « index »."
            errors={errors}
          />
          <Field
            name="en.basePeriod"
            id="series-en-basePeriod"
            label="Base en anglais"
            lang="en"
            maxLength={60}
            defaultValue={english?.basePeriod}
            hint="Par exemple « 2020 = 100 »."
            errors={errors}
          />
          <Field
            name="en.source"
            id="series-en-source"
            label="Source en anglais"
            lang="en"
            maxLength={300}
            defaultValue={english?.source}
            errors={errors}
          />
          <Field
            name="en.methodology"
            id="series-en-methodology"
            label="Méthode en anglais"
            lang="en"
            maxLength={5000}
            rows={4}
            defaultValue={english?.methodology}
            errors={errors}
          />
        </EnglishFieldset>
      </ReadOnlyFields>
      {readOnly ? null : (
        <>
          <FormStatus result={result} />
          <SubmitButton pending={pending} pendingLabel="Enregistrement…">
            {initial ? 'Enregistrer la description' : 'Créer la série'}
          </SubmitButton>
        </>
      )}
    </form>
  );
}
