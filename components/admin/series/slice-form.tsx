'use client';
/**
 * Defining a series as a slice of a table (lib/tables/slices.ts), on the series' screen: one value
 * of each of the table's non-time dimensions (their labels as the table gives them) and the
 * measure; the server checks them against the table's current structure and answers in French
 * under the field concerned. And the button that detaches a series from its table.
 */
import { FieldError, FormAlert, FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';
import type { SliceChoices } from '@/lib/tables/slices';

export function SliceForm<T>({
  action,
  code,
  choices,
  initial,
}: {
  action: FormAction<T>;
  code: string;
  choices: SliceChoices;
  /** The slice as it stands, when the series already is one of this table. */
  initial?: { selection: Record<string, string>; measure: string };
}) {
  const { formProps, key, result, errors, alert, pending } = useFormAction(action);
  const select = 'mt-1 block w-full max-w-md rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down';
  return (
    <form {...formProps} key={key} className="mt-4 max-w-3xl space-y-4">
      <input type="hidden" name="code" value={code} />
      <input type="hidden" name="table" value={choices.table.code} />
      <FormAlert message={alert} />
      {choices.dimensions.map((d) => {
        const id = `tranche-${d.code}`;
        const error = errors?.[`dim:${d.code}`]?.[0];
        return (
          <div key={d.code}>
            <label htmlFor={id} className="block text-sm font-medium">
              {d.label} <span className="font-mono text-xs text-muted">({d.code})</span>
            </label>
            <select
              id={id}
              name={`dim:${d.code}`}
              defaultValue={initial?.selection[d.code] ?? d.values[0]?.code}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-erreur` : undefined}
              className={select}
            >
              {d.values.map((v) => (
                <option key={v.code} value={v.code}>
                  {v.label === v.code ? v.code : `${v.label} (${v.code})`}
                </option>
              ))}
            </select>
            <FieldError id={id} error={error} />
          </div>
        );
      })}
      <div>
        <label htmlFor="tranche-mesure" className="block text-sm font-medium">
          Mesure
        </label>
        <select
          id="tranche-mesure"
          name="measure"
          defaultValue={initial?.measure ?? choices.measures[0]?.code}
          aria-invalid={errors?.measure ? true : undefined}
          aria-describedby={errors?.measure ? 'tranche-mesure-erreur' : undefined}
          className={select}
        >
          {choices.measures.map((m) => (
            <option key={m.code} value={m.code}>
              {m.label}
            </option>
          ))}
        </select>
        <FieldError id="tranche-mesure" error={errors?.measure?.[0]} />
      </div>
      <p className="text-sm text-muted">
        Les périodes de la série sont celles de la dimension « {choices.time} ». Ses valeurs deviennent aussitôt celles du tableau (une
        nouvelle version, relue comme les autres), puis suivent chaque version publiée du tableau.
      </p>
      <SubmitButton pending={pending} pendingLabel="Enregistrement…">
        Suivre ce tableau
      </SubmitButton>
      <FormStatus result={result} />
    </form>
  );
}

/** Detaches the series from its table: its versions stay. */
export function UnlinkSliceButton<T>({ action, code }: { action: FormAction<T>; code: string }) {
  const { formProps, result, pending } = useFormAction(action);
  return (
    <form {...formProps} className="mt-3">
      <input type="hidden" name="code" value={code} />
      <SubmitButton pending={pending} pendingLabel="Détachement…">
        Détacher la série du tableau
      </SubmitButton>
      <FormStatus result={result} />
    </form>
  );
}
