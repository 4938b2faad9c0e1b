'use client';
/**
 * Drop zone and picker for several files at once: each file is sent on its own with a progress
 * bar, and a failure shows its own French message without stopping the others.
 */
import { useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { formatFileSize } from '@/lib/i18n/format';
import { uploadFile, type UploadedFile } from '@/lib/files/upload-client';

type Item = {
  key: string;
  name: string;
  size: number;
  loaded: number;
  status: 'waiting' | 'sending' | 'done' | 'failed';
  message?: string;
};

/** Files sent at the same time; the others wait their turn (slow office links). */
const PARALLEL = 2;

export function UploadZone({
  onUploaded,
  restrictedOption = true,
}: {
  onUploaded?: (file: UploadedFile) => void;
  restrictedOption?: boolean;
}) {
  const [items, setItems] = useState<Item[]>([]);
  const [over, setOver] = useState(false);
  const [restricted, setRestricted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  const update = (key: string, patch: Partial<Item>) => setItems((list) => list.map((it) => (it.key === key ? { ...it, ...patch } : it)));

  async function send(list: File[]) {
    const queued = list.map((file, i) => ({ file, key: `${Date.now()}-${i}-${file.name}` }));
    setItems((current) => [
      ...queued.map(({ file, key }) => ({ key, name: file.name, size: file.size, loaded: 0, status: 'waiting' as const })),
      ...current,
    ]);
    let next = 0;
    const worker = async () => {
      while (next < queued.length) {
        const { file, key } = queued[next++]!;
        update(key, { status: 'sending' });
        const result = await uploadFile(file, { restricted, onProgress: (loaded) => update(key, { loaded }) });
        if (result.ok) {
          update(key, { status: 'done', loaded: file.size, message: 'Envoyé.' });
          onUploaded?.(result.file);
        } else {
          update(key, { status: 'failed', message: result.error });
          toast.error(`${file.name} : ${result.error}`);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, queued.length) }, worker));
  }

  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (e.dataTransfer.files.length) void send([...e.dataTransfer.files]);
        }}
        data-testid="zone-depot"
        className={`rounded-lg border-2 border-dashed p-6 text-center ${over ? 'border-primary bg-surface-2' : 'border-border'}`}
      >
        <p>Déposez des fichiers ici, ou</p>
        <label
          htmlFor={id}
          className={
            'mt-2 inline-block cursor-pointer rounded-md bg-primary px-4 py-2 ' +
            'font-semibold text-primary-fg hover:bg-primary-hover focus-within:outline-2'
          }
        >
          choisissez des fichiers
          <input
            ref={input}
            id={id}
            type="file"
            multiple
            className="sr-only"
            accept=".pdf,.xlsx,.xls,.csv,.docx,.ods,.zip,.jpg,.jpeg,.png,.webp,.gif"
            onChange={(e) => {
              const list = [...(e.currentTarget.files ?? [])];
              e.currentTarget.value = '';
              if (list.length) void send(list);
            }}
          />
        </label>
        <p className="mt-2 text-xs text-muted">PDF, Excel, CSV, Word, ODS, ZIP, JPEG, PNG, WebP ou GIF.</p>
        {restrictedOption ? (
          <p className="mt-3 text-sm">
            <label>
              <input type="checkbox" checked={restricted} onChange={(e) => setRestricted(e.target.checked)} /> Réservé aux personnes
              connectées (documents d’échantillonnage)
            </label>
          </p>
        ) : null}
      </div>
      {items.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Envois en cours">
          {items.map((it) => (
            <li key={it.key} className="text-sm">
              <div className="flex justify-between gap-4">
                <span className="font-medium break-all">{it.name}</span>
                <span className="whitespace-nowrap text-muted">
                  {formatFileSize(it.loaded)} / {formatFileSize(it.size)}
                </span>
              </div>
              <progress className="mt-1 h-2 w-full" max={it.size || 1} value={it.loaded} aria-label={`Envoi de ${it.name}`} />
              <p role={it.status === 'failed' ? 'alert' : undefined} className={it.status === 'failed' ? 'text-down' : 'text-muted'}>
                {it.status === 'waiting' ? 'En attente…' : it.status === 'sending' ? 'Envoi en cours…' : it.message}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
