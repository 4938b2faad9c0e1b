'use client';
/**
 * The form of an institutional text: « Missions » and the accessibility statement (title, text) or
 * « Mot du Directeur général » (title, text, photo), each with its optional English version.
 */
import { EnglishFieldset } from '@/components/admin/english-fieldset';
import { Field, type FormAction } from '@/components/admin/form-kit';
import { ReadOnlyFields } from '@/components/admin/read-only';
import { ImageField, LastSaved, RichTextField, SaveControls, useVersionedForm, type SavedVersion } from '@/components/admin/versioned-form';
import type { ChosenFile } from '@/lib/content/editing/values';
import { directorWordInputSchema, missionInputSchema, type InstitutionalPageKey } from '@/lib/content/schemas/institution';

export type PageFormValues = {
  title: string;
  body: string;
  /** The English version, '' where not translated. */
  en: { title: string; body: string };
  photo: ChosenFile | null;
  version: number;
  /** ISO date of the last save, or null. */
  updatedAt: string | null;
  updatedByName: string | null;
};

const forms = {
  mission: { schema: missionInputSchema, submit: 'Enregistrer les missions' },
  mot_du_dg: { schema: directorWordInputSchema, submit: 'Enregistrer le mot du Directeur général' },
  accessibilite: { schema: missionInputSchema, submit: 'Enregistrer la déclaration d’accessibilité' },
} as const;

/** `action`: the page's save action for this text; `readOnly`: why the user may not change it (shown disabled, without its button), or null. */
export function PageForm({
  action,
  pageKey,
  page,
  readOnly = null,
}: {
  action: FormAction<SavedVersion>;
  pageKey: InstitutionalPageKey;
  page: PageFormValues;
  readOnly?: string | null;
}) {
  const { schema, submit } = forms[pageKey];
  const form = useVersionedForm({ action, schema, initialVersion: page.version });
  const { errors } = form;
  const id = (name: string) => `${pageKey}-${name}`;
  return (
    <form key={form.key} {...form.formProps} className="mt-4 space-y-4">
      <LastSaved at={page.updatedAt} by={page.updatedByName} />
      <input type="hidden" name="version" value={form.version} />
      <ReadOnlyFields id={pageKey} note={readOnly} className="space-y-4">
        <Field name="title" id={id('title')} label="Titre de la page" required defaultValue={page.title} errors={errors} />
        <RichTextField
          id={id('body')}
          name="body"
          label="Texte"
          required
          defaultValue={page.body}
          errors={errors}
          onChange={form.markDirty}
          readOnly={Boolean(readOnly)}
        />
        {pageKey === 'mot_du_dg' ? (
          <ImageField
            name="photoFileId"
            label="Photo du Directeur général"
            hint="Un portrait de la bibliothèque (JPEG ou WebP), affiché à côté du texte."
            initial={page.photo}
            errors={errors}
            onChange={form.markDirty}
          />
        ) : null}
        <EnglishFieldset id={id('en')}>
          <Field
            name="en.title"
            id={id('en-title')}
            label="Titre de la page en anglais"
            lang="en"
            maxLength={200}
            defaultValue={page.en.title}
            errors={errors}
          />
          <RichTextField
            id={id('en-body')}
            name="en.body"
            label="Texte en anglais"
            lang="en"
            defaultValue={page.en.body}
            errors={errors}
            onChange={form.markDirty}
            readOnly={Boolean(readOnly)}
          />
        </EnglishFieldset>
      </ReadOnlyFields>
      <SaveControls form={form} readOnly={Boolean(readOnly)}>
        {submit}
      </SaveControls>
    </form>
  );
}
