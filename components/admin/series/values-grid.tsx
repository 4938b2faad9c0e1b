'use client';
/**
 * Values typed by hand: one row per period (the last ones and the next ones to enter), a number
 * (« 101,5 » or « 101.5 ») and a status each. Arrow keys up and down move between rows of the same
 * column; Tab goes through the grid as a form. Only changed values make the new version. Sent
 * through the form kit's `useFormAction`: a refused grid keeps every typed value, each error under
 * its cell; keyed on the values loaded, it shows the published values after a save.
 */
import { type KeyboardEvent } from 'react';
import { FieldError, FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';
import { statusCodes, statusLabel, type Observation } from '@/lib/series/model';
import { PublishFields, type ReleaseChoice } from '@/components/admin/versions/publish-fields';

type Action = FormAction<{ message: string }>;

/** ArrowUp / ArrowDown to the same column of the previous / next row. */
function moveVertically(event: KeyboardEvent<HTMLTableSectionElement>) {
  if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
  const target = event.target as HTMLElement;
  if (target.tagName === 'SELECT') return;
  const column = target.dataset.column;
  const row = target.closest('tr');
  const next = event.key === 'ArrowUp' ? row?.previousElementSibling : row?.nextElementSibling;
  const field = next?.querySelector<HTMLElement>(`[data-column="${column}"]`);
  if (field) {
    event.preventDefault();
    field.focus();
  }
}

export function ValuesGrid({
  action,
  code,
  decimals,
  rows,
  zone,
  releases,
  reviewNote = null,
}: {
  action: Action;
  code: string;
  decimals: number;
  rows: { period: string; label: string; current: Observation | null }[];
  /** The institute's zone, as the publication time field is read (« UTC », « heure de Douala »). */
  zone: string;
  releases: ReleaseChoice[];
  /** Why the version will be submitted for review, not published (null: approved at once under self-approval). */
  reviewNote?: string | null;
}) {
  // What the page loaded: a publication changes it, and the refreshed grid shows the values saved.
  const loaded = rows.map((r) => (r.current ? `${r.current.value}${r.current.status}` : '')).join('|');
  const { formProps, key, result, errors, pending } = useFormAction(action, { saved: loaded });
  const number = (v: number) => v.toFixed(decimals).replace('.', ',');
  const cell = (name: string) => {
    const error = errors?.[name]?.[0];
    return { error, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${name}-erreur` : undefined } as const;
  };
  return (
    <form key={key} {...formProps} className="mt-4 space-y-4">
      <input type="hidden" name="code" value={code} />
      <table className="border-collapse text-sm">
        <caption className="mb-2 text-left text-muted">
          Laissez vide une période sans valeur. Flèches haut et bas : ligne précédente ou suivante.
        </caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2 pr-4">
              Période
            </th>
            <th scope="col" className="py-2 pr-4">
              Valeur
            </th>
            <th scope="col" className="py-2">
              Statut
            </th>
          </tr>
        </thead>
        <tbody onKeyDown={moveVertically}>
          {rows.map((r) => {
            const value = cell(`value:${r.period}`);
            const status = cell(`status:${r.period}`);
            return (
              <tr key={r.period} className="border-b border-border">
                <th scope="row" id={`p-${r.period}`} className="py-1 pr-4 text-left font-normal">
                  {r.label}
                </th>
                <td className="py-1 pr-4">
                  <input
                    name={`value:${r.period}`}
                    data-column="value"
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={r.current ? number(r.current.value) : ''}
                    aria-label={`Valeur, ${r.label}`}
                    aria-invalid={value['aria-invalid']}
                    aria-describedby={value['aria-describedby']}
                    className="w-32 rounded-md border border-border bg-bg px-2 py-1 text-right tabular-nums aria-invalid:border-down"
                  />
                  <FieldError id={`value:${r.period}`} error={value.error} />
                </td>
                <td className="py-1">
                  <select
                    name={`status:${r.period}`}
                    data-column="status"
                    defaultValue={r.current?.status ?? 'P'}
                    aria-label={`Statut, ${r.label}`}
                    aria-invalid={status['aria-invalid']}
                    aria-describedby={status['aria-describedby']}
                    className="rounded-md border border-border bg-bg px-2 py-1 aria-invalid:border-down"
                  >
                    {statusCodes.map((s) => (
                      <option key={s} value={s}>
                        {s} — {statusLabel[s]}
                      </option>
                    ))}
                  </select>
                  <FieldError id={`status:${r.period}`} error={status.error} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <PublishFields errors={errors} zone={zone} releases={releases} />
      {reviewNote ? (
        <p id={`${code}-relecture`} role="note" className="max-w-3xl rounded-md border border-border bg-surface-2 p-2 text-sm">
          {reviewNote}
        </p>
      ) : null}
      <FormStatus result={result} />
      {reviewNote ? (
        <SubmitButton pending={pending} pendingLabel="Envoi…">
          Soumettre les valeurs pour relecture
        </SubmitButton>
      ) : (
        <SubmitButton pending={pending} pendingLabel="Publication…">
          Publier les valeurs
        </SubmitButton>
      )}
    </form>
  );
}
