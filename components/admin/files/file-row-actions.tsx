'use client';
/**
 * Rename and delete for one file of the library (the server refuses deleting a used file), each
 * offered when the user's role allows it (`canRename`, `canDelete`: decided by the page).
 */
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';

async function call(url: string, init: RequestInit): Promise<{ ok: boolean; error?: string }> {
  try {
    const response = await fetch(url, { ...init, headers: { 'Content-Type': 'application/json', ...init.headers } });
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return response.ok ? { ok: true } : { ok: false, error: body.error ?? `Erreur ${response.status}. Réessayez.` };
  } catch {
    return { ok: false, error: 'Serveur injoignable : vérifiez votre connexion puis réessayez.' };
  }
}

export function FileRowActions({ id, name, canRename, canDelete }: { id: string; name: string; canRename: boolean; canDelete: boolean }) {
  const router = useRouter();
  const [editing, setEditing] = useState(false);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);

  if (!canRename && !canDelete) return <span className="text-muted">—</span>;

  if (editing && canRename) {
    return (
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const value = String(new FormData(e.currentTarget).get('name') ?? '');
          start(async () => {
            const result = await call(`/api/files/${id}`, { method: 'PATCH', body: JSON.stringify({ name: value }) });
            if (!result.ok) {
              setError(result.error ?? null);
              toast.error(result.error);
              return;
            }
            toast.success('Fichier renommé.');
            setEditing(false);
            setError(null);
            router.refresh();
          });
        }}
      >
        <label className="sr-only" htmlFor={`nom-${id}`}>
          Nouveau nom de {name}
        </label>
        <input
          id={`nom-${id}`}
          name="name"
          defaultValue={name}
          autoFocus
          className="rounded border border-border bg-bg px-2 py-1"
          aria-describedby={error ? `err-${id}` : undefined}
        />
        <button type="submit" disabled={pending} className="rounded border border-border px-2 py-1">
          {pending ? '…' : 'Enregistrer'}
        </button>
        <button type="button" onClick={() => setEditing(false)} className="rounded px-2 py-1">
          Annuler
        </button>
        {error ? (
          <p id={`err-${id}`} className="w-full text-down">
            {error}
          </p>
        ) : null}
      </form>
    );
  }
  return (
    <div className="flex gap-2">
      {canRename ? (
        <button
          type="button"
          onClick={() => setEditing(true)}
          aria-label={`Renommer ${name}`}
          className="rounded border border-border px-2 py-1 hover:bg-surface-2"
        >
          Renommer
        </button>
      ) : null}
      {canDelete ? (
        <button
          type="button"
          disabled={pending}
          aria-label={`Supprimer ${name}`}
          className="rounded border border-border px-2 py-1 hover:bg-surface-2"
          onClick={() => {
            if (!window.confirm(`Supprimer définitivement « ${name} » ?`)) return;
            start(async () => {
              const result = await call(`/api/files/${id}`, { method: 'DELETE' });
              if (!result.ok) {
                toast.error(result.error, { duration: 10_000 });
                return;
              }
              toast.success('Fichier supprimé.');
              router.refresh();
            });
          }}
        >
          Supprimer
        </button>
      ) : null}
    </div>
  );
}
