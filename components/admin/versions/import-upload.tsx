'use client';
/**
 * Sends a file to be read and previewed, for any kind of versioned data (a series file, a table
 * file): nothing is published before the preview is confirmed (`ImportConfirm`). The kind gives
 * the route handler that reads the file (`endpoint`, answering `{ id }` or `{ error }`), the
 * preview's address (`previewPath` + id), its words, and any fields of its own (`children`).
 */
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

export function ImportUpload({
  endpoint,
  previewPath,
  label,
  accept,
  help,
  missing,
  className = 'mt-6 space-y-4',
  children = null,
}: {
  endpoint: string;
  /** The preview's address without the import's id (`/admin/series/import/`). */
  previewPath: string;
  /** The file field's label (« Fichier CSV ou XLSX »). */
  label: string;
  accept: string;
  /** What the file holds, under its label. */
  help: string;
  /** The message when no file is chosen. */
  missing: string;
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setError(missing);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const response = await fetch(endpoint, { method: 'POST', body: form });
      const body = (await response.json().catch(() => ({}))) as { id?: string; error?: string };
      if (response.ok && body.id) {
        // This screen may be kept alive (hidden) by the router: leave it ready for the next file.
        element.reset();
        setPending(false);
        router.push(`${previewPath}${body.id}`);
        return;
      }
      setError(body.error ?? `L’envoi a échoué (erreur ${response.status}). Réessayez.`);
    } catch {
      setError('L’envoi a été interrompu : vérifiez la connexion et réessayez. Rien n’a été enregistré.');
    }
    setPending(false);
  };

  return (
    <form onSubmit={submit} className={className}>
      <div>
        <label htmlFor={`${id}-file`} className="block font-medium">
          {label}
        </label>
        <p id={`${id}-aide`} className="max-w-3xl text-sm text-muted">
          {help}
        </p>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept={accept}
          aria-describedby={`${id}-aide${error ? ` ${id}-erreur` : ''}`}
          aria-invalid={error ? true : undefined}
          className="mt-2 block"
        />
      </div>
      {children}
      <p id={`${id}-erreur`} role="alert" className="min-h-6 text-sm text-down">
        {error}
      </p>
      <button
        type="submit"
        disabled={pending}
        aria-disabled={pending}
        className="rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover disabled:opacity-70"
      >
        {pending ? 'Lecture du fichier…' : 'Lire le fichier et voir l’aperçu'}
      </button>
    </form>
  );
}
