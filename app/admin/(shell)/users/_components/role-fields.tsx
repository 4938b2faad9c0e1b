'use client';
/**
 * The role of an account and, for a Rédacteur, the areas they write in: a select and checkboxes
 * grouped by the registry's sections. Controlled by the form holding them, so a refused save
 * keeps what was chosen. The role names come from the server (lib/auth/roles.ts is server code).
 */
import { FieldError } from '@/components/admin/form-kit';
import type { Role } from '@/lib/auth/roles';
import { areas as registry, sections, type Area } from '@/lib/content/areas';

export type RoleOption = { value: Role; label: string };

/** What each role may do, under the select. */
const roleHints: Record<Role, string> = {
  admin: 'Tout, y compris les comptes, les rôles et l’identité de l’institut.',
  publisher: 'Met en ligne, programme, retire et supprime dans toutes les rubriques ; ouvre le journal. Ni comptes ni identité.',
  editor: 'Écrit des brouillons et envoie des fichiers dans ses rubriques ; lit tout le reste. Un responsable de publication met en ligne.',
};

/**
 * The areas a Rédacteur may be given, by section: those whose items are written in the
 * back-office (institutional pages are a publisher's, whoever holds them).
 */
const groups = sections
  .map((s) => ({
    key: s.key,
    label: s.label,
    areas: (registry as readonly Area[]).filter((a) => a.section === s.key && a.kind !== 'pages'),
  }))
  .filter((g) => g.areas.length > 0);

export function RoleFields({
  id,
  options,
  role,
  areas,
  onRole,
  onAreas,
  errors,
}: {
  /** Prefix of the controls' ids (several forms on one page). */
  id: string;
  options: RoleOption[];
  role: Role;
  areas: readonly string[];
  onRole: (role: Role) => void;
  onAreas: (areas: string[]) => void;
  errors?: Record<string, string[] | undefined>;
}) {
  const roleError = errors?.role?.[0];
  const areasError = errors?.areas?.[0];
  const toggle = (slug: string, on: boolean) => onAreas(on ? [...areas, slug] : areas.filter((a) => a !== slug));
  return (
    <>
      <div>
        <label htmlFor={`${id}-role`} className="block text-sm font-medium">
          Rôle
        </label>
        <p id={`${id}-role-aide`} className="text-xs text-muted">
          {roleHints[role]}
        </p>
        <select
          id={`${id}-role`}
          name="role"
          value={role}
          onChange={(e) => onRole(e.target.value as Role)}
          aria-invalid={roleError ? true : undefined}
          aria-describedby={[`${id}-role-aide`, roleError ? `${id}-role-erreur` : null].filter(Boolean).join(' ')}
          className="mt-1 block w-full max-w-md rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down"
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-role`} error={roleError} />
      </div>
      {role === 'editor' ? (
        <fieldset
          className="min-w-0 rounded-md border border-border p-3"
          aria-describedby={`${id}-rubriques-aide${areasError ? ` ${id}-rubriques-erreur` : ''}`}
        >
          <legend className="px-1 text-sm font-medium">Rubriques du rédacteur</legend>
          <p id={`${id}-rubriques-aide`} className="text-xs text-muted">
            Sans rubrique, le compte ne peut que lire. {areas.length} rubrique{areas.length > 1 ? 's' : ''} cochée
            {areas.length > 1 ? 's' : ''}.
          </p>
          {groups.map((g) => (
            <fieldset key={g.key} className="mt-3 min-w-0">
              <legend className="text-xs font-semibold uppercase tracking-wide text-muted">{g.label}</legend>
              <ul className="mt-1 grid gap-x-4 gap-y-1 sm:grid-cols-2">
                {g.areas.map((a) => (
                  <li key={a.slug}>
                    <label className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        name="areas"
                        value={a.slug}
                        checked={areas.includes(a.slug)}
                        onChange={(e) => toggle(a.slug, e.target.checked)}
                        className="mt-1"
                      />
                      {a.menuLabel}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
          <FieldError id={`${id}-rubriques`} error={areasError} />
        </fieldset>
      ) : null}
    </>
  );
}
