'use client';
/** « Introduction de la rubrique »: the text at the top of an area's public page, and its English version, edited from its admin screen. */
import { EnglishFieldset } from '@/components/admin/english-fieldset';
import { ReadOnlyFields } from '@/components/admin/read-only';
import type { FormAction } from '@/components/admin/form-kit';
import { LastSaved, RichTextField, SaveControls, useVersionedForm, type SavedVersion } from '@/components/admin/versioned-form';
import { areaIntroInputSchema } from '@/lib/content/schemas/institution';

export type AreaIntroFormProps = {
  /** The page's save action (handed down from the route: components never import from `app/`). */
  action: FormAction<SavedVersion>;
  /** The area's slug (`ipc`, `news`…). */
  area: string;
  /** The editor's label: « Introduction de la rubrique », with the area's name when a screen has several. */
  label: string;
  body: string;
  /** The English introduction, '' when not translated. */
  enBody: string;
  version: number;
  /** ISO date of the last save, or null when the introduction was never written. */
  updatedAt: string | null;
  updatedByName: string | null;
  /** Why the user may not change it (shown read-only, without its button), or null. */
  readOnly?: string | null;
};

export function AreaIntroForm({
  action,
  area,
  label,
  body,
  enBody,
  version,
  updatedAt,
  updatedByName,
  readOnly = null,
}: AreaIntroFormProps) {
  const form = useVersionedForm({ action, schema: areaIntroInputSchema, initialVersion: version });
  const id = `intro-${area}`;
  return (
    <form key={form.key} {...form.formProps} className="space-y-3">
      <input type="hidden" name="area" value={area} />
      <input type="hidden" name="version" value={form.version} />
      <ReadOnlyFields id={id} note={readOnly} className="space-y-3">
        <RichTextField
          id={id}
          name="body"
          label={label}
          hint="Affichée en tête de la page publique. Laissée vide, la page montre la description de la rubrique."
          defaultValue={body}
          errors={form.errors}
          onChange={form.markDirty}
          readOnly={Boolean(readOnly)}
        />
        <EnglishFieldset
          id={`${id}-en`}
          hint="Affichée en tête de la page en anglais. Laissée vide, cette page montre l’introduction française."
        >
          <RichTextField
            id={`${id}-en-body`}
            name="en.body"
            label={`${label} en anglais`}
            lang="en"
            defaultValue={enBody}
            errors={form.errors}
            onChange={form.markDirty}
            readOnly={Boolean(readOnly)}
          />
        </EnglishFieldset>
      </ReadOnlyFields>
      <LastSaved at={updatedAt} by={updatedByName} />
      <SaveControls form={form} readOnly={Boolean(readOnly)}>
        Enregistrer l’introduction
      </SaveControls>
    </form>
  );
}
