'use client';
/**
 * The picker back-office forms use to attach a file: choose one from the library (search, type)
 * or upload a new one, in a modal dialog. The chosen file's id travels in a hidden input named
 * `name`, so it works inside any server-action form; without `name`, the choice only reaches
 * `onChange` (the rich-text editor's image dialog).
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { ChosenFile } from '@/lib/content/editing/values';
import { formatFileSize } from '@/lib/i18n/format';
import type { UploadedFile } from '@/lib/files/upload-client';
import { UploadZone } from './upload-zone';

/** A chosen file; `url` comes from the server (`/api/files` answers carry it). */
type Choice = ChosenFile;
type Listed = { id: string; name: string; ext: string; size: number; mime: string; url: string };

export function FilePicker({
  name,
  label,
  initial = null,
  type,
  onChange,
}: {
  /** Name of the hidden input carrying the file id; none when omitted. */
  name?: string;
  label: string;
  initial?: Choice | null;
  /** Restrict the library list to one type key of lib/files/detect.ts (e.g. `pdf`), or `image` for any image. */
  type?: string;
  onChange?: (file: Choice | null) => void;
}) {
  const [chosen, setChosen] = useState<Choice | null>(initial);
  const [query, setQuery] = useState('');
  const [list, setList] = useState<Listed[] | null>(null);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  const choose = (file: Choice | null) => {
    setChosen(file);
    onChange?.(file);
    dialog.current?.close();
  };

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      try {
        const params = new URLSearchParams({ q: query, ...(type ? { type } : {}) });
        const response = await fetch(`/api/files?${params}`, { signal: controller.signal });
        const body = (await response.json()) as { files?: Listed[]; error?: string };
        if (!response.ok) throw new Error(body.error ?? `Erreur ${response.status}`);
        setList(body.files ?? []);
        setError(null);
      } catch (e) {
        if (!controller.signal.aborted) setError(e instanceof Error ? e.message : 'Liste indisponible. Réessayez.');
      }
    }, 250);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [open, query, type]);

  return (
    <fieldset className="rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-medium">{label}</legend>
      {name ? <input type="hidden" name={name} value={chosen?.id ?? ''} /> : null}
      <p className="text-sm">{chosen ? <a href={chosen.url}>{chosen.name}</a> : <span className="text-muted">Aucun fichier</span>}</p>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className="rounded border border-border px-3 py-1 hover:bg-surface-2"
          onClick={() => {
            dialog.current?.showModal();
            setOpen(true);
          }}
        >
          {chosen ? 'Changer…' : 'Choisir un fichier…'}
        </button>
        {chosen ? (
          <button type="button" className="rounded px-3 py-1 hover:bg-surface-2" onClick={() => choose(null)}>
            Retirer
          </button>
        ) : null}
      </div>
      <dialog
        ref={dialog}
        onClose={() => setOpen(false)}
        aria-labelledby={titleId}
        className="m-auto w-full max-w-2xl rounded-lg border border-border bg-bg p-6 text-fg backdrop:bg-black/50"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {label}
          </h2>
          <button type="button" onClick={() => dialog.current?.close()} className="rounded px-2 py-1 hover:bg-surface-2">
            Fermer
          </button>
        </div>
        <label className="mt-4 block text-sm font-medium" htmlFor={`${titleId}-q`}>
          Rechercher dans la bibliothèque
        </label>
        <input
          id={`${titleId}-q`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          // The dialog sits inside the page's form: Enter searches (it already does as one types), it does not submit.
          onKeyDown={(e) => {
            if (e.key === 'Enter') e.preventDefault();
          }}
          className="mt-1 w-full rounded-md border border-border bg-bg px-3 py-2"
        />
        {error ? (
          <p role="alert" className="mt-2 text-sm text-down">
            {error}
          </p>
        ) : null}
        <ul className="mt-3 max-h-64 overflow-y-auto" aria-label="Fichiers de la bibliothèque">
          {(list ?? []).map((f) => (
            <li key={f.id} className="flex items-center justify-between gap-3 border-b border-border py-2 text-sm">
              <span className="break-all">
                {f.name} <span className="text-muted">({formatFileSize(f.size)})</span>
              </span>
              <button
                type="button"
                onClick={() => choose({ id: f.id, name: f.name, url: f.url })}
                className="rounded border border-border px-2 py-1 hover:bg-surface-2"
                aria-label={`Choisir ${f.name}`}
              >
                Choisir
              </button>
            </li>
          ))}
          {list && list.length === 0 && !error ? <li className="py-2 text-sm text-muted">Aucun fichier trouvé.</li> : null}
        </ul>
        <h3 className="mt-6 mb-2 font-semibold">Ou envoyer un nouveau fichier</h3>
        <UploadZone
          restrictedOption={false}
          onUploaded={(file: UploadedFile) => {
            // The upload zone takes any accepted type; an image slot must not receive a PDF.
            if (type === 'image' && !file.type.startsWith('image/')) {
              setError(`« ${file.name} » n’est pas une image. Envoyez une image JPEG, PNG, WebP ou GIF.`);
              return;
            }
            choose({ id: file.id, name: file.name, url: file.url });
          }}
        />
      </dialog>
    </fieldset>
  );
}
