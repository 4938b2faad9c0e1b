'use client';
/** Sends a file to be read and previewed (nothing is published before the preview is confirmed). */
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';

export function ImportUpload() {
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
      setError('Choisissez un fichier CSV ou XLSX à importer.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const response = await fetch('/api/admin/series/import', { method: 'POST', body: form });
      const body = (await response.json().catch(() => ({}))) as { id?: string; error?: string };
      if (response.ok && body.id) {
        // This screen may be kept alive (hidden) by the router: leave it ready for the next file.
        element.reset();
        setPending(false);
        router.push(`/admin/series/import/${body.id}`);
        return;
      }
      setError(body.error ?? `L’envoi a échoué (erreur ${response.status}). Réessayez.`);
    } catch {
      setError('L’envoi a été interrompu : vérifiez la connexion et réessayez. Rien n’a été enregistré.');
    }
    setPending(false);
  };

  return (
    <form onSubmit={submit} className="mt-6 space-y-4">
      <div>
        <label htmlFor={`${id}-file`} className="block font-medium">
          Fichier CSV ou XLSX
        </label>
        <p id={`${id}-aide`} className="text-sm text-muted">
          Format long (colonnes code, période, valeur, statut) ou large (une ligne par période, une colonne par code de série). Conventions
          française (point-virgule, virgule décimale) ou anglaise (virgule, point décimal). Périodes : 2026-10, 2026-Q3 ou 2026.
        </p>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`${id}-aide${error ? ` ${id}-erreur` : ''}`}
          aria-invalid={error ? true : undefined}
          className="mt-2 block"
        />
      </div>
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
