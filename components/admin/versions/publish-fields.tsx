'use client';
/**
 * When and why a version is published, shared by the grid and the import: now, at a time (in the
 * institute's zone) or with a calendar release, a scheduled revision or a correction, and its
 * reason (required for a correction).
 */
import { useId, useState } from 'react';

const input = 'mt-1 block rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down';

export type ReleaseChoice = { id: number; label: string };

export function PublishFields({
  errors,
  releases = [],
  zone = 'UTC',
}: {
  errors?: Record<string, string[] | undefined>;
  releases?: ReleaseChoice[];
  zone?: string;
}) {
  const id = useId();
  const [when, setWhen] = useState<'now' | 'later' | 'release'>('now');
  const atError = errors?.publishAt?.[0];
  const releaseError = errors?.releaseId?.[0];
  const reasonError = errors?.reason?.[0];
  return (
    <fieldset className="space-y-3 rounded-md border border-border p-4">
      <legend className="px-1 font-semibold">Publication</legend>
      <div className="flex flex-wrap gap-4">
        <label className="flex items-center gap-2">
          <input type="radio" name="when" value="now" checked={when === 'now'} onChange={() => setWhen('now')} /> Publier maintenant
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="when" value="later" checked={when === 'later'} onChange={() => setWhen('later')} /> Programmer à une
          date et heure
        </label>
        {releases.length > 0 ? (
          <label className="flex items-center gap-2">
            <input type="radio" name="when" value="release" checked={when === 'release'} onChange={() => setWhen('release')} /> Avec une
            parution du calendrier
          </label>
        ) : null}
      </div>
      {when === 'later' ? (
        <div>
          <label htmlFor={`${id}-at`} className="block text-sm font-medium">
            Date et heure de mise en ligne ({zone})
          </label>
          <input
            id={`${id}-at`}
            name="publishAt"
            type="datetime-local"
            required
            aria-invalid={atError ? true : undefined}
            aria-describedby={atError ? `${id}-at-erreur` : undefined}
            className={input}
          />
          {atError ? (
            <p id={`${id}-at-erreur`} className="mt-1 text-sm text-down">
              {atError}
            </p>
          ) : null}
        </div>
      ) : null}
      {when === 'release' ? (
        <div>
          <label htmlFor={`${id}-release`} className="block text-sm font-medium">
            Parution (les valeurs sortent à son heure, et la suivent si elle est reportée)
          </label>
          <select
            id={`${id}-release`}
            name="releaseId"
            required
            aria-invalid={releaseError ? true : undefined}
            aria-describedby={releaseError ? `${id}-release-erreur` : undefined}
            className={input}
          >
            {releases.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
          {releaseError ? (
            <p id={`${id}-release-erreur`} className="mt-1 text-sm text-down">
              {releaseError}
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-kind`} className="block text-sm font-medium">
          Type de changement
        </label>
        <select id={`${id}-kind`} name="kind" defaultValue="revision" className={input}>
          <option value="revision">Révision programmée (nouvelle période, révision habituelle)</option>
          <option value="correction">Correction d’une erreur</option>
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
          Raison, affichée dans « Versions précédentes »
        </label>
        <input
          id={`${id}-reason`}
          name="reason"
          maxLength={500}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-erreur` : undefined}
          className={`${input} w-full max-w-2xl`}
          placeholder="Publication mensuelle d’octobre 2026"
        />
        {reasonError ? (
          <p id={`${id}-reason-erreur`} className="mt-1 text-sm text-down">
            {reasonError}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
