'use client';
/**
 * Sends a level's boundaries (POST /api/admin/geo/{level}): the answer is a new version, or the
 * French sentence naming what is wrong with the file (nothing saved then).
 */
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';

export function BoundariesUpload() {
  const id = useId();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const level = String(form.get('level') ?? '').trim();
    setPending(true);
    setError(null);
    try {
      const response = await fetch(`/api/admin/geo/${encodeURIComponent(level || '-')}`, { method: 'POST', body: form });
      const body = (await response.json().catch(() => ({}))) as { version?: number; codes?: string[]; error?: string };
      if (response.ok && body.version) {
        toast.success(`Limites enregistrées : version ${body.version}, ${body.codes?.length ?? 0} zones.`);
        router.refresh();
      } else setError(body.error ?? `L’envoi a échoué (erreur ${response.status}). Rien n’a été enregistré.`);
    } catch {
      setError('L’envoi a été interrompu : vérifiez la connexion et réessayez. Rien n’a été enregistré.');
    }
    setPending(false);
  };

  const field = 'mt-1 block w-full max-w-md rounded border border-border bg-surface px-2 py-1';
  return (
    <form onSubmit={submit} className="mt-4 space-y-4">
      <div>
        <label htmlFor={`${id}-level`} className="block font-medium">
          Code du niveau
        </label>
        <input id={`${id}-level`} name="level" required defaultValue="regions" pattern="[a-z][a-z0-9\-]{1,39}" className={field} />
      </div>
      <div>
        <label htmlFor={`${id}-fr`} className="block font-medium">
          Nom du niveau
        </label>
        <input id={`${id}-fr`} name="nameFr" required defaultValue="Régions" className={field} />
      </div>
      <div>
        <label htmlFor={`${id}-en`} className="block font-medium">
          Nom en anglais
        </label>
        <input id={`${id}-en`} name="nameEn" defaultValue="Regions" className={field} />
      </div>
      <div>
        <label htmlFor={`${id}-dim`} className="block font-medium">
          Dimension des tableaux
        </label>
        <p id={`${id}-dim-aide`} className="text-sm text-muted">
          Le code de la dimension dessinée sur cette carte (« REGION ») : chacun de ses codes doit avoir un contour.
        </p>
        <input id={`${id}-dim`} name="dimension" required defaultValue="REGION" aria-describedby={`${id}-dim-aide`} className={field} />
      </div>
      <div>
        <label htmlFor={`${id}-file`} className="block font-medium">
          Fichier des limites
        </label>
        <p id={`${id}-aide`} className="max-w-3xl text-sm text-muted">
          GeoJSON, TopoJSON ou shapefile zippé (.shp et .dbf), une zone par code (propriété « code », noms dans « name_fr » et « name_en »).
          Le fichier est vérifié puis simplifié pour le web ; rien n’est enregistré s’il est refusé.
        </p>
        <input
          id={`${id}-file`}
          name="file"
          type="file"
          required
          accept=".geojson,.json,.topojson,.zip,application/geo+json,application/json,application/zip"
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
        {pending ? 'Vérification du fichier…' : 'Envoyer les limites'}
      </button>
    </form>
  );
}
