'use client';
/**
 * Sends a DDI Codebook file to be read and previewed (nothing of a survey changes before the
 * preview is confirmed): for a new survey, with the area it belongs to; for a new version of a
 * survey (`survey`), to its area. The route handler answers `{ id }` (the preview's address) or the
 * French refusal, shown under the field.
 */
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';

export function DdiUpload({ areas, survey }: { areas: { slug: string; label: string }[]; survey?: { slug: string; area: string } }) {
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
      setError('Choisissez le fichier XML DDI exporté de votre outil (Nesstar, Metadata Editor, NADA).');
      return;
    }
    const area = survey?.area ?? String(form.get('area') ?? '');
    form.delete('area');
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/api/admin/microdonnees/import/${encodeURIComponent(area)}`, { method: 'POST', body: form });
      const body = (await response.json().catch(() => ({}))) as { id?: string; error?: string };
      if (response.ok && body.id) {
        element.reset();
        setPending(false);
        router.push(`/admin/microdonnees/import/${body.id}`);
        return;
      }
      setError(body.error ?? `L’envoi a échoué (erreur ${response.status}). Réessayez.`);
    } catch {
      setError('L’envoi a été interrompu : vérifiez la connexion et réessayez. Rien n’a été enregistré.');
    }
    setPending(false);
  };

  return (
    <form onSubmit={submit} className="mt-4 max-w-3xl space-y-4">
      {survey ? <input type="hidden" name="survey" value={survey.slug} /> : null}
      {!survey ? (
        <div>
          <label htmlFor={`${id}-area`} className="block font-medium">
            Rubrique de l’enquête
          </label>
          <select id={`${id}-area`} name="area" className="mt-1 block rounded-md border border-border bg-bg px-3 py-2">
            {areas.map((a) => (
              <option key={a.slug} value={a.slug}>
                {a.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label htmlFor={`${id}-file`} className="block font-medium">
          Fichier DDI (XML)
        </label>
        <p id={`${id}-aide`} className="text-sm text-muted">
          DDI Codebook 2.5 (IHSN Metadata Editor, NADA) ou 1.2.2 (Nesstar Publisher), en UTF-8 ou UTF-16, 50 Mo au plus. Un aperçu et un
          rapport de lecture s’affichent avant tout enregistrement.
        </p>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".xml,application/xml,text/xml"
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
