'use client';
/** Sends a table's file (PX, CSV, XLSX) to be read and previewed: nothing is published before the preview is confirmed. */
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';

const input = 'mt-1 block rounded-md border border-border bg-bg px-3 py-2';

export function TableImportUpload({ code }: { code: string }) {
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
      setError('Choisissez un fichier PX, CSV ou XLSX à importer.');
      return;
    }
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/api/admin/tables/${encodeURIComponent(code)}/import`, { method: 'POST', body: form });
      const body = (await response.json().catch(() => ({}))) as { id?: string; error?: string };
      if (response.ok && body.id) {
        element.reset();
        setPending(false);
        router.push(`/admin/tableaux/import/${body.id}`);
        return;
      }
      setError(body.error ?? `L’envoi a échoué (erreur ${response.status}). Réessayez.`);
    } catch {
      setError('L’envoi a été interrompu : vérifiez la connexion et réessayez. Rien n’a été enregistré.');
    }
    setPending(false);
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-4">
      <div>
        <label htmlFor={`${id}-file`} className="block font-medium">
          Fichier PX, CSV ou XLSX
        </label>
        <p id={`${id}-aide`} className="max-w-3xl text-sm text-muted">
          Le fichier est le tableau entier de la nouvelle version. PX (PC-Axis) : plusieurs langues, STUB/HEADING, VALUES, CODES, TIMEVAL, «
          .. » et « - » pour les valeurs manquantes. CSV ou XLSX « une ligne par cellule » : une colonne par dimension (son en-tête est son
          code ; la colonne du temps s’appelle annee, periode ou TIME_PERIOD), puis valeur, statut (A, P, E… ; O ou M pour une valeur
          manquante) et, au choix, note, et des libellés dans des colonnes REGION:fr et REGION:en. CSV français (point-virgule, virgule
          décimale) ou anglais.
        </p>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          accept=".px,.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={`${id}-aide${error ? ` ${id}-erreur` : ''}`}
          aria-invalid={error ? true : undefined}
          className="mt-2 block"
        />
      </div>
      <fieldset className="flex flex-wrap gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Pour un CSV ou un XLSX (un fichier PX les donne lui-même)</legend>
        <div>
          <label htmlFor={`${id}-unit`} className="block text-sm font-medium">
            Unité
          </label>
          <input id={`${id}-unit`} name="unit" maxLength={100} placeholder="habitants" className={input} />
        </div>
        <div>
          <label htmlFor={`${id}-unit-en`} className="block text-sm font-medium">
            Unité en anglais
          </label>
          <input id={`${id}-unit-en`} name="unitEn" lang="en" maxLength={100} placeholder="inhabitants" className={input} />
        </div>
        <div>
          <label htmlFor={`${id}-decimals`} className="block text-sm font-medium">
            Décimales affichées
          </label>
          <input id={`${id}-decimals`} name="decimals" type="number" min={0} max={6} inputMode="numeric" className={input} />
        </div>
      </fieldset>
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
