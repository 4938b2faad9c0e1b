'use client';
/**
 * The life-cycle panel of the edit screen: state, review, release date, preview, and the changes
 * the item's state and the user's role allow — submit for review (whoever may change the draft),
 * approve or send back with a reason (publishers, not on their own last version unless
 * self-approval), publish now, schedule for a date and time, back to draft (publishers), trash and
 * restore (whoever may change the item), delete for good (publishers). Each is checked again and
 * version-checked on the server (`change`: the route's `changeItemAction`, handed down as a prop).
 */
import { useId, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { getArea } from '@/lib/content/areas';
import { previewPath } from '@/lib/content/editing/paths';
import type { ActionResult } from '@/lib/admin/action';
import type { ItemMeta } from '@/lib/content/editing/values';
import { formatDateTime } from '@/lib/i18n/format';
import { reviewLabels } from '@/lib/review/model';

type Action = 'publish' | 'schedule' | 'unpublish' | 'trash' | 'restore' | 'delete' | 'submit' | 'approve' | 'return';

/** The server action that changes an item's state (`changeItemAction`): what this panel sends and reads back. */
export type ChangeItem = (input: { area: string; id: number; version: number; action: Action; at?: string; note?: string }) => Promise<
  ActionResult<{
    version: number;
    status: ItemMeta['status'];
    trashed: boolean;
    publishedAt: string | null;
    review: ItemMeta['review'];
    reviewNote: string | null;
    deleted: boolean;
  }>
>;

/** What the user may do here (lib/admin/access.ts, decided by the server component). */
export type LifecycleAllowed = {
  /** Publish, schedule, withdraw. */
  publish: boolean;
  /** Put in the trash and take out of it; submit a draft for review. */
  trash: boolean;
  deleteForGood: boolean;
  /** Approve what is submitted, or send it back. */
  review: boolean;
  /** The user wrote the item's last version and self-approval is off: someone else approves it. */
  ownWork: boolean;
};

const stateLabels = { draft: 'Brouillon', scheduled: 'Programmé', published: 'En ligne', archived: 'Archivé' } as const;

const button = 'w-full rounded-md border border-border px-3 py-2 text-left hover:bg-surface-2 disabled:opacity-50';

export function ItemLifecycle({
  change,
  area,
  meta,
  dirty,
  busy,
  publicUrl,
  allowed,
  onChange,
  onDeleted,
}: {
  change: ChangeItem;
  area: string;
  meta: ItemMeta;
  dirty: boolean;
  /** The form's save is still settling (its page refresh not shown yet): the state waits for it. */
  busy: boolean;
  publicUrl: string | null;
  allowed: LifecycleAllowed;
  onChange: (meta: ItemMeta) => void;
  onDeleted: () => void;
}) {
  const id = useId();
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | null>(null);
  const [returnNote, setReturnNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const locked = pending || busy || dirty;
  // The server's word, not this browser's clock: an item is `published` only once its time came (by the server's clock).
  const live = meta.status === 'published' && !meta.trashed && meta.publishedAt !== null;

  const run = (action: Action) => {
    if (action === 'delete' && !window.confirm('Supprimer définitivement cet élément ? Cette action ne peut pas être annulée.')) return;
    setAtError(null);
    setNoteError(null);
    startTransition(async () => {
      const result = await change({
        area,
        id: meta.id,
        version: meta.version,
        action,
        ...(action === 'schedule' ? { at } : {}),
        ...(action === 'return' ? { note: returnNote } : {}),
      });
      if (!result.ok) {
        const fieldError = result.fieldErrors?.at?.[0] ?? result.fieldErrors?.publishedAt?.[0];
        if (fieldError) setAtError(fieldError);
        const noteProblem = result.fieldErrors?.note?.[0];
        if (noteProblem) setNoteError(noteProblem);
        toast.error(fieldError ?? noteProblem ?? result.error);
        return;
      }
      toast.success(result.message ?? 'Fait.');
      if (result.data.deleted) return onDeleted();
      if (action === 'return') setReturnNote('');
      onChange({
        ...meta,
        version: result.data.version,
        status: result.data.status,
        trashed: result.data.trashed,
        publishedAt: result.data.publishedAt,
        review: result.data.review,
        reviewNote: result.data.reviewNote,
        reviewedAt: new Date().toISOString(),
        reviewedByName: null,
      });
    });
  };

  const a = getArea(area);
  const state = meta.trashed ? 'Dans la corbeille' : stateLabels[meta.status];
  const draft = meta.status === 'draft' && !meta.trashed;
  // Its last writer may not put online alone what nobody approved (the server refuses it too).
  const mayGoPublic = meta.review === 'approved' || !allowed.ownWork;
  const any = allowed.publish || allowed.trash || allowed.deleteForGood;
  // Why some changes are not offered: the user is not a publisher.
  // Once submitted, the advice is no longer to submit: it says what happens next.
  const note = allowed.publish
    ? null
    : allowed.trash && draft && meta.review === 'none'
      ? 'Soumettez ce brouillon pour relecture : un responsable de publication l’approuve, ' +
        'le met en ligne ou le programme. Vous pouvez aussi le mettre à la corbeille ou l’en sortir.'
      : allowed.trash && draft
        ? 'Ce brouillon est soumis pour relecture : un responsable de publication l’approuve, le met en ligne ' +
          'ou le programme, ou vous le renvoie avec ses remarques. Vous pouvez aussi le mettre à la corbeille.'
        : 'Un responsable de publication met en ligne, programme, retire du site et supprime définitivement.';
  return (
    <section aria-labelledby={`${id}-titre`} className="rounded-md border border-border bg-surface p-4">
      <h2 id={`${id}-titre`} className="font-semibold">
        Publication
      </h2>
      <dl className="mt-2 space-y-1 text-sm">
        <div>
          <dt className="inline text-muted">État : </dt>
          <dd className="inline font-medium" data-testid="etat">
            {state}
          </dd>
        </div>
        {meta.publishedAt ? (
          <div>
            <dt className="inline text-muted">{meta.status === 'scheduled' ? 'Mise en ligne prévue : ' : 'Date de publication : '}</dt>
            <dd className="inline">{formatDateTime(meta.publishedAt)}</dd>
          </div>
        ) : null}
        {meta.updatedByName ? (
          <div>
            <dt className="inline text-muted">Dernière modification : </dt>
            <dd className="inline">{meta.updatedByName}</dd>
          </div>
        ) : null}
        {draft ? (
          <div>
            <dt className="inline text-muted">Relecture : </dt>
            <dd className="inline font-medium" data-testid="relecture">
              {reviewLabels[meta.review]}
              {meta.review !== 'none' && meta.reviewedAt ? (
                <span className="font-normal text-muted">
                  {' '}
                  ({meta.reviewedByName ? `${meta.reviewedByName}, ` : ''}
                  {formatDateTime(meta.reviewedAt)})
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
      </dl>
      {draft && meta.review === 'none' && meta.reviewNote ? (
        <div role="note" className="mt-3 rounded-md border border-border bg-surface-2 p-2 text-sm">
          <p className="font-medium">Renvoyé {meta.reviewedByName ? `par ${meta.reviewedByName}` : 'au rédacteur'} :</p>
          <p className="mt-1 whitespace-pre-line">{meta.reviewNote}</p>
        </div>
      ) : null}
      <p className="mt-3 flex flex-wrap gap-3 text-sm">
        {a ? (
          <a href={previewPath(a, meta.id)} target="_blank" rel="noopener">
            Aperçu<span className="sr-only"> (nouvel onglet)</span>
          </a>
        ) : null}
        {live && publicUrl ? <a href={publicUrl}>Voir sur le site</a> : null}
      </p>
      {note ? <p className="mt-3 text-sm">{note}</p> : null}
      {dirty && any ? <p className="mt-3 text-sm text-muted">Enregistrez vos modifications avant de changer l’état.</p> : null}
      <div className="mt-3 space-y-2" aria-busy={pending || busy}>
        {meta.trashed ? (
          <>
            {allowed.trash ? (
              <button type="button" className={button} disabled={locked} onClick={() => run('restore')}>
                Restaurer
              </button>
            ) : null}
            {allowed.deleteForGood ? (
              <button type="button" className={`${button} text-down`} disabled={locked} onClick={() => run('delete')}>
                Supprimer définitivement
              </button>
            ) : null}
          </>
        ) : (
          <>
            {draft && meta.review === 'none' && allowed.trash ? (
              <button type="button" className={button} disabled={locked} onClick={() => run('submit')}>
                Soumettre pour relecture
              </button>
            ) : null}
            {draft && meta.review === 'submitted' && allowed.review ? (
              allowed.ownWork ? (
                <p className="text-sm">Vous avez écrit la dernière version : une seconde personne l’approuve.</p>
              ) : (
                <div className="space-y-2 rounded-md border border-border p-2">
                  <button type="button" className={button} disabled={locked} onClick={() => run('approve')}>
                    Approuver
                  </button>
                  <label htmlFor={`${id}-note`} className="block text-sm font-medium">
                    Ce qu’il faut revoir
                  </label>
                  <textarea
                    id={`${id}-note`}
                    value={returnNote}
                    onChange={(e) => setReturnNote(e.target.value)}
                    rows={3}
                    maxLength={2000}
                    aria-invalid={noteError ? true : undefined}
                    aria-describedby={noteError ? `${id}-note-erreur` : undefined}
                    className="block w-full rounded-md border border-border bg-bg px-2 py-1 aria-invalid:border-down"
                  />
                  {noteError ? (
                    <p id={`${id}-note-erreur`} className="text-sm text-down">
                      {noteError}
                    </p>
                  ) : null}
                  <button type="button" className={button} disabled={locked} onClick={() => run('return')}>
                    Renvoyer au rédacteur
                  </button>
                </div>
              )
            ) : null}
            {allowed.publish && !mayGoPublic && meta.status === 'draft' ? (
              <p className="text-sm">
                Vous avez écrit la dernière version : elle doit être approuvée par une seconde personne avant sa mise en ligne.
              </p>
            ) : null}
            {allowed.publish ? (
              <>
                {!live && mayGoPublic ? (
                  <button type="button" className={button} disabled={locked} onClick={() => run('publish')}>
                    Mettre en ligne maintenant
                  </button>
                ) : null}
                {mayGoPublic ? (
                  <div className="rounded-md border border-border p-2">
                    <label htmlFor={`${id}-at`} className="block text-sm font-medium">
                      Programmer la mise en ligne (UTC)
                    </label>
                    <input
                      id={`${id}-at`}
                      type="datetime-local"
                      value={at}
                      onChange={(e) => setAt(e.target.value)}
                      aria-invalid={atError ? true : undefined}
                      aria-describedby={atError ? `${id}-at-erreur` : undefined}
                      className="mt-1 block w-full rounded-md border border-border bg-bg px-2 py-1 aria-invalid:border-down"
                    />
                    {atError ? (
                      <p id={`${id}-at-erreur`} className="mt-1 text-sm text-down">
                        {atError}
                      </p>
                    ) : null}
                    <button type="button" className={`${button} mt-2`} disabled={locked || !at} onClick={() => run('schedule')}>
                      Programmer
                    </button>
                  </div>
                ) : null}
                {meta.status !== 'draft' ? (
                  <button type="button" className={button} disabled={locked} onClick={() => run('unpublish')}>
                    {meta.status === 'scheduled' ? 'Annuler la programmation' : 'Retirer du site (brouillon)'}
                  </button>
                ) : null}
              </>
            ) : null}
            {allowed.trash ? (
              <button type="button" className={button} disabled={locked} onClick={() => run('trash')}>
                Mettre à la corbeille
              </button>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
