'use client';
/**
 * The institute's social links as an editable list (label and address per row, add and remove
 * rows, ten at most). The rows travel as one hidden JSON field, `socialLinks`; blank rows are left
 * out, so errors like `socialLinks.2.url` point at the third row that is not blank.
 */
import { useEffect, useId, useState } from 'react';
import { isBlankSocialLink, maxSocialLinks } from '@/lib/content/schemas/institution';
import type { FieldErrors } from '@/lib/errors';

type Row = { key: number; label: string; url: string };

const inputClass = 'mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down';

export function SocialLinksField({
  initial,
  errors,
  onChange,
}: {
  initial: { label: string; url: string }[];
  errors?: FieldErrors;
  onChange: () => void;
}) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => initial.map((link, i) => ({ key: i, ...link })));
  const [nextKey, setNextKey] = useState(initial.length);
  const [added, setAdded] = useState<number | null>(null);
  // A new row takes the focus, so that a keyboard user types its label straight away.
  useEffect(() => {
    if (added !== null) document.getElementById(`${id}-${added}-label`)?.focus();
  }, [added, id]);
  const sent = rows.filter((r) => !isBlankSocialLink(r));
  // Errors come by position among the rows sent.
  const errorOf = (row: Row, field: 'label' | 'url') => {
    const index = sent.indexOf(row);
    return index < 0 ? undefined : errors?.[`socialLinks.${index}.${field}`]?.[0];
  };
  const listError = errors?.socialLinks?.[0];

  const update = (next: Row[]) => {
    setRows(next);
    onChange();
  };

  return (
    <fieldset className="max-w-2xl rounded-md border border-border p-3" aria-describedby={listError ? `${id}-erreur` : `${id}-aide`}>
      <legend className="px-1 text-sm font-medium">Réseaux sociaux</legend>
      <p id={`${id}-aide`} className="text-xs text-muted">
        Affichés dans le pied de page, dans cet ordre ({maxSocialLinks} au plus). Adresse complète, commençant par https://.
      </p>
      <input type="hidden" name="socialLinks" value={JSON.stringify(sent.map(({ label, url }) => ({ label, url })))} />
      {rows.length === 0 ? <p className="mt-2 text-sm text-muted">Aucun lien.</p> : null}
      <ol className="mt-2 space-y-3">
        {rows.map((row, i) => {
          const labelError = errorOf(row, 'label');
          const urlError = errorOf(row, 'url');
          const base = `${id}-${row.key}`;
          return (
            <li key={row.key} className="grid gap-2 sm:grid-cols-[12rem_1fr_auto] sm:items-start">
              <div>
                <label htmlFor={`${base}-label`} className="block text-sm">
                  Libellé du lien {i + 1}
                </label>
                <input
                  id={`${base}-label`}
                  value={row.label}
                  maxLength={60}
                  onChange={(e) => update(rows.map((r) => (r.key === row.key ? { ...r, label: e.target.value } : r)))}
                  aria-invalid={labelError ? true : undefined}
                  aria-describedby={labelError ? `${base}-label-erreur` : undefined}
                  className={inputClass}
                />
                {labelError ? (
                  <p id={`${base}-label-erreur`} className="mt-1 text-sm text-down">
                    {labelError}
                  </p>
                ) : null}
              </div>
              <div>
                <label htmlFor={`${base}-url`} className="block text-sm">
                  Adresse du lien {i + 1}
                </label>
                <input
                  id={`${base}-url`}
                  type="url"
                  inputMode="url"
                  value={row.url}
                  placeholder="https://"
                  onChange={(e) => update(rows.map((r) => (r.key === row.key ? { ...r, url: e.target.value } : r)))}
                  aria-invalid={urlError ? true : undefined}
                  aria-describedby={urlError ? `${base}-url-erreur` : undefined}
                  className={inputClass}
                />
                {urlError ? (
                  <p id={`${base}-url-erreur`} className="mt-1 text-sm text-down">
                    {urlError}
                  </p>
                ) : null}
              </div>
              <button
                type="button"
                onClick={() => update(rows.filter((r) => r.key !== row.key))}
                className="rounded border border-border px-3 py-2 text-sm hover:bg-surface-2 sm:mt-6"
              >
                Retirer
                <span className="sr-only">
                  {' '}
                  le lien {i + 1}
                  {row.label ? ` (${row.label})` : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        disabled={rows.length >= maxSocialLinks}
        onClick={() => {
          update([...rows, { key: nextKey, label: '', url: '' }]);
          setAdded(nextKey);
          setNextKey(nextKey + 1);
        }}
        className="mt-3 rounded border border-border px-3 py-1 text-sm hover:bg-surface-2 disabled:opacity-60"
      >
        Ajouter un lien
      </button>
      {rows.length >= maxSocialLinks ? (
        <p className="mt-1 text-xs text-muted">{maxSocialLinks} liens au plus : retirez-en un pour en ajouter un autre.</p>
      ) : null}
      {listError ? (
        <p id={`${id}-erreur`} className="mt-1 text-sm text-down">
          {listError}
        </p>
      ) : null}
    </fieldset>
  );
}
