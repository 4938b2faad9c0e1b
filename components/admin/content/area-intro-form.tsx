'use client';
/** « Introduction de la rubrique »: the text at the top of an area's public page, edited from its admin screen. */
import { updateAreaIntroAction } from '@/app/admin/(shell)/intro-actions';
import { LazyRichTextEditor } from '@/components/admin/editor/lazy-rich-text-editor';
import { SubmitButton } from '@/components/admin/form-kit';
import { FormAlert, LastSaved, SaveStatus, useVersionedForm } from '@/components/admin/versioned-form';
import { areaIntroInputSchema } from '@/lib/content/schemas/institution';

export type AreaIntroFormProps = {
  /** The area's slug (`ipc`, `news`…). */
  area: string;
  /** The editor's label: « Introduction de la rubrique », with the area's name when a screen has several. */
  label: string;
  body: string;
  version: number;
  /** ISO date of the last save, or null when the introduction was never written. */
  updatedAt: string | null;
  updatedByName: string | null;
};

export function AreaIntroForm({ area, label, body, version, updatedAt, updatedByName }: AreaIntroFormProps) {
  const form = useVersionedForm({ action: updateAreaIntroAction, schema: areaIntroInputSchema, initialVersion: version });
  const error = form.errors?.body?.[0];
  const id = `intro-${area}`;
  return (
    <form {...form.formProps} className="space-y-3">
      <input type="hidden" name="area" value={area} />
      <input type="hidden" name="version" value={form.version} />
      <LazyRichTextEditor
        id={id}
        name="body"
        label={label}
        defaultValue={body}
        onChange={form.markDirty}
        invalid={Boolean(error)}
        describedBy={`${id}-aide${error ? ` ${id}-erreur` : ''}`}
      />
      <p id={`${id}-aide`} className="text-xs text-muted">
        Affichée en tête de la page publique. Laissée vide, la page montre la description de la rubrique.
      </p>
      {error ? (
        <p id={`${id}-erreur`} className="text-sm text-down">
          {error}
        </p>
      ) : null}
      <LastSaved at={updatedAt} by={updatedByName} />
      <FormAlert message={form.alert} />
      <SaveStatus result={form.result} dirty={form.dirty} />
      <SubmitButton pending={form.pending} pendingLabel="Enregistrement…">
        Enregistrer l’introduction
      </SubmitButton>
    </form>
  );
}
