'use client';
/**
 * « Identité de l’institut »: name, acronym, logo, contacts and social links shown on every public
 * page, with the optional English name and tagline of the English pages.
 */
import { EnglishFieldset } from '@/components/admin/english-fieldset';
import { Field, type FormAction } from '@/components/admin/form-kit';
import { ReadOnlyFields } from '@/components/admin/read-only';
import { ImageField, LastSaved, SaveControls, useVersionedForm, type SavedVersion } from '@/components/admin/versioned-form';
import type { IdentityForEdit } from '@/lib/content/mutations/institution';
import { identityInputSchema } from '@/lib/content/schemas/institution';
import { SocialLinksField } from './social-links-field';

/** The identity as the server reads it for the form, its last save as an ISO date (or null). */
export type IdentityFormValues = Omit<IdentityForEdit, 'updatedAt'> & { updatedAt: string | null };

/** `action`: the page's save action; `readOnly`: why the user may not change it (shown disabled, without its button), or null. */
export function IdentityForm({
  action,
  identity,
  readOnly = null,
}: {
  action: FormAction<SavedVersion>;
  identity: IdentityFormValues;
  readOnly?: string | null;
}) {
  const form = useVersionedForm({ action, schema: identityInputSchema, initialVersion: identity.version });
  const { errors } = form;
  const field = (name: Exclude<keyof IdentityFormValues, 'en'>) => ({
    name,
    id: `identite-${name}`,
    defaultValue: String(identity[name] ?? ''),
    errors,
  });
  return (
    <form key={form.key} {...form.formProps} className="mt-4 space-y-4">
      <LastSaved at={identity.updatedAt} by={identity.updatedByName} />
      <input type="hidden" name="version" value={form.version} />
      <ReadOnlyFields id="identite" note={readOnly} className="space-y-4">
        <Field {...field('name')} label="Nom de l’institut" required autoComplete="organization" />
        <Field
          {...field('acronym')}
          label="Sigle"
          required
          hint="Affiché en tête de chaque page et dans le titre des onglets (ex. INSS)."
        />
        <Field {...field('country')} label="Pays" required autoComplete="country-name" />
        <Field
          {...field('tagline')}
          label="Devise"
          hint="Une phrase sous le nom, sur la page d’accueil et dans le pied de page. Facultative."
        />
        <ImageField
          name="logoFileId"
          label="Logo"
          hint={
            'Une image carrée de la bibliothèque (PNG ou WebP sur fond ' +
            'transparent de préférence). Sans logo, l’emblème par défaut s’affiche.'
          }
          initial={identity.logo}
          errors={errors}
          onChange={form.markDirty}
        />
        <Field {...field('address')} label="Adresse postale" rows={3} autoComplete="street-address" />
        <Field
          {...field('phone')}
          label="Téléphone"
          type="tel"
          autoComplete="tel"
          hint="Tel qu’il doit s’afficher, par exemple +999 20 31 45 67."
        />
        <Field {...field('email')} label="Adresse électronique de contact" type="email" autoComplete="email" />
        <SocialLinksField initial={identity.socialLinks} errors={errors} onChange={form.markDirty} />
        <EnglishFieldset id="identite-en">
          <Field
            name="en.name"
            id="identite-en-name"
            label="Nom de l’institut en anglais"
            lang="en"
            maxLength={200}
            defaultValue={identity.en.name}
            errors={errors}
          />
          <Field
            name="en.tagline"
            id="identite-en-tagline"
            label="Devise en anglais"
            lang="en"
            maxLength={300}
            defaultValue={identity.en.tagline}
            errors={errors}
          />
        </EnglishFieldset>
      </ReadOnlyFields>
      <SaveControls form={form} readOnly={Boolean(readOnly)}>
        Enregistrer l’identité
      </SaveControls>
    </form>
  );
}
