'use client';
/**
 * The forms of a release's admin screen: confirm, move (reason required), cancel (notice required),
 * its English version, and announce a new one. Each is sent through the form kit's
 * `useFormAction`, so a refused form keeps what was typed; keyed on the release's version, they
 * show the saved release after a change.
 */
import { EnglishFieldset } from '@/components/admin/english-fieldset';
import { Field, FieldError, FormStatus, SubmitButton, useFormAction, type FormAction } from '@/components/admin/form-kit';
import { ReadOnlyFields } from '@/components/admin/read-only';

/**
 * `action`: the page's server action for this form (pages hand them down: components never import
 * from `app/`); `at`: the current date as a `datetime-local` value in the institute's zone; `zone`:
 * its name (« UTC », « heure de Douala »).
 */
type Target<T> = { action: FormAction<T>; id: number; version: number; at: string; zone: string };

export function ConfirmForm<T>({ action, id, version, at, zone }: Target<T>) {
  const { formProps, key, result, errors, pending } = useFormAction(action, { saved: version });
  return (
    <form key={key} {...formProps} className="space-y-3">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="version" value={version} />
      <Field
        name="scheduledAt"
        id="confirm-at"
        label={`Date et heure confirmées (${zone})`}
        type="datetime-local"
        required
        defaultValue={at}
        errors={errors}
      />
      <FormStatus result={result} />
      <SubmitButton pending={pending} pendingLabel="Confirmation…">
        Confirmer la date
      </SubmitButton>
    </form>
  );
}

export function MoveForm<T>({ action, id, version, at, zone }: Target<T>) {
  const { formProps, key, result, errors, pending } = useFormAction(action, { saved: version });
  return (
    <form key={key} {...formProps} className="space-y-3">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="version" value={version} />
      <Field
        name="scheduledAt"
        id="move-at"
        label={`Nouvelle date et heure (${zone})`}
        type="datetime-local"
        required
        defaultValue={at}
        errors={errors}
      />
      <Field name="reason" id="move-reason" label="Raison du report (publiée)" required rows={3} errors={errors} />
      <Field
        name="en.reason"
        id="move-reason-en"
        label="Raison du report en anglais (facultative)"
        hint="Publiée sur le calendrier en anglais ; laissée vide, il montre la raison en français."
        lang="en"
        maxLength={500}
        rows={2}
        errors={errors}
      />
      <FormStatus result={result} />
      <SubmitButton pending={pending} pendingLabel="Report…">
        Reporter la parution
      </SubmitButton>
    </form>
  );
}

export function CancelForm<T>({ action, id, version }: Omit<Target<T>, 'at' | 'zone'>) {
  const { formProps, key, result, errors, pending } = useFormAction(action, { saved: version });
  return (
    <form key={key} {...formProps} className="space-y-3">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="version" value={version} />
      <Field name="notice" id="cancel-notice" label="Avis d’annulation (publié)" required rows={3} errors={errors} />
      <FormStatus result={result} />
      <SubmitButton pending={pending} pendingLabel="Annulation…">
        Annuler la parution
      </SubmitButton>
    </form>
  );
}

/**
 * The English title, provisional window and reason or notice of a release (issue 15). `english`:
 * what is stored, a field absent when not translated; `reason`: whether the release has a French
 * reason or notice to translate (`cancelled`: it is a notice). `readOnly`: why the user may not
 * change it (shown disabled, without its button), or null.
 */
export function ReleaseEnglishForm<T>({
  action,
  id,
  version,
  english,
  provisional,
  reason,
  contact = false,
  readOnly = null,
}: {
  action: FormAction<T>;
  id: number;
  version: number;
  english: Partial<Record<'title' | 'provisionalLabel' | 'reason' | 'contact', string>>;
  provisional: boolean;
  reason: 'reason' | 'notice' | null;
  /** Whether the release names a contact to translate. */
  contact?: boolean;
  readOnly?: string | null;
}) {
  const { formProps, key, result, errors, pending } = useFormAction(action, { saved: version });
  return (
    <form key={key} {...formProps} className="space-y-3">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="version" value={version} />
      <ReadOnlyFields id="release-en" note={readOnly}>
        <EnglishFieldset
          id="release-en"
          hint={
            'Affichée sur le calendrier en anglais. Un champ laissé vide y montre le texte français. ' +
            'Un nouveau report ou une confirmation efface la traduction devenue fausse.'
          }
        >
          <Field
            name="en.title"
            id="release-en-title"
            label="Titre en anglais"
            lang="en"
            maxLength={200}
            defaultValue={english.title}
            errors={errors}
          />
          {provisional || english.provisionalLabel ? (
            <Field
              name="en.provisionalLabel"
              id="release-en-window"
              label="Fenêtre provisoire en anglais"
              hint="Par exemple « March 2027 »."
              lang="en"
              maxLength={60}
              defaultValue={english.provisionalLabel}
              errors={errors}
            />
          ) : null}
          {reason || english.reason ? (
            <Field
              name="en.reason"
              id="release-en-reason"
              label={reason === 'notice' ? 'Avis d’annulation en anglais' : 'Raison du report en anglais'}
              lang="en"
              maxLength={1000}
              rows={3}
              defaultValue={english.reason}
              errors={errors}
            />
          ) : null}
          {contact || english.contact ? (
            <Field
              name="en.contact"
              id="release-en-contact"
              label="Contact en anglais"
              hint="Par exemple « Dissemination desk, +226 25 00 00 00 »."
              lang="en"
              maxLength={200}
              defaultValue={english.contact}
              errors={errors}
            />
          ) : null}
        </EnglishFieldset>
      </ReadOnlyFields>
      {readOnly ? null : (
        <>
          <FormStatus result={result} />
          <SubmitButton pending={pending} pendingLabel="Enregistrement…">
            Enregistrer la version anglaise
          </SubmitButton>
        </>
      )}
    </form>
  );
}

export function CreateReleaseForm<T>({
  action,
  areas,
  zone,
}: {
  action: FormAction<T>;
  areas: { slug: string; label: string }[];
  zone: string;
}) {
  // A success opens the new release's screen.
  const { formProps, result, errors, pending } = useFormAction(action);
  return (
    <form {...formProps} className="mt-4 space-y-4">
      <Field name="title" label="Titre" required errors={errors} />
      <div>
        <label htmlFor="area" className="block text-sm font-medium">
          Rubrique
        </label>
        <select
          id="area"
          name="area"
          aria-invalid={errors?.area ? true : undefined}
          aria-describedby={errors?.area ? 'area-erreur' : undefined}
          className="mt-1 block w-full max-w-md rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down"
        >
          {areas.map((a) => (
            <option key={a.slug} value={a.slug}>
              {a.label}
            </option>
          ))}
        </select>
        <FieldError id="area" error={errors?.area?.[0]} />
      </div>
      <Field name="scheduledAt" label={`Date et heure de parution (${zone})`} type="datetime-local" required errors={errors} />
      <Field
        name="provisionalLabel"
        label="Fenêtre provisoire"
        hint="Par exemple « mars 2027 » : la date est alors affichée comme provisoire. Laissez vide pour une date confirmée."
        errors={errors}
      />
      <Field name="contact" label="Contact" errors={errors} />
      <EnglishFieldset id="release-new-en">
        <Field name="en.title" id="release-new-en-title" label="Titre en anglais" lang="en" maxLength={200} errors={errors} />
        <Field
          name="en.provisionalLabel"
          id="release-new-en-window"
          label="Fenêtre provisoire en anglais"
          hint="Par exemple « March 2027 »."
          lang="en"
          maxLength={60}
          errors={errors}
        />
      </EnglishFieldset>
      <FormStatus result={result} />
      <SubmitButton pending={pending} pendingLabel="Enregistrement…">
        Annoncer la parution
      </SubmitButton>
    </form>
  );
}

/**
 * The review of a release as a whole (lib/releases/review.ts): submit it, approve it with every
 * piece it carries, or send it back with a reason. `may`: the steps the user may take here (the
 * server checks again).
 */
export function ReleaseReviewForms<T>({
  action,
  id,
  version,
  may,
}: {
  action: FormAction<T>;
  id: number;
  version: number;
  may: { submit: boolean; approve: boolean; return: boolean };
}) {
  const submit = useFormAction(action, { saved: version });
  const approve = useFormAction(action, { saved: version });
  const send = useFormAction(action, { saved: version });
  return (
    <div className="mt-3 flex flex-wrap items-start gap-6">
      {may.submit ? (
        <form key={submit.key} {...submit.formProps} className="space-y-2">
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="step" value="submit" />
          <FormStatus result={submit.result} />
          <SubmitButton pending={submit.pending} pendingLabel="Envoi…">
            Soumettre la parution pour relecture
          </SubmitButton>
        </form>
      ) : null}
      {may.approve ? (
        <form key={approve.key} {...approve.formProps} className="space-y-2">
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="step" value="approve" />
          <FormStatus result={approve.result} />
          <SubmitButton pending={approve.pending} pendingLabel="Approbation…">
            Approuver la parution
          </SubmitButton>
        </form>
      ) : null}
      {may.return ? (
        <form key={send.key} {...send.formProps} className="min-w-72 space-y-2">
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="version" value={version} />
          <input type="hidden" name="step" value="return" />
          <Field name="note" id="release-return-note" label="Ce qu’il faut revoir" rows={3} errors={send.errors} />
          <FormStatus result={send.result} />
          <SubmitButton pending={send.pending} pendingLabel="Envoi…">
            Renvoyer au rédacteur
          </SubmitButton>
        </form>
      ) : null}
    </div>
  );
}
