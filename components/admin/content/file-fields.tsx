'use client';
/**
 * The edit form's file fields, all built on the library picker: one image (a cover, a photo), an
 * ordered list of files with their labels (publications, tenders), an ordered list of photos with
 * caption and alternative text (galleries). Reordering uses buttons, so it works from the keyboard.
 */
import { useState } from 'react';
import { FilePicker } from '@/components/admin/files/file-picker';
import { ImageField as LibraryImage } from '@/components/admin/versioned-form';
import type { AttachmentValue, ChosenFile, FieldValue, GalleryImageValue } from '@/lib/content/editing/values';

type FieldProps<T> = { label: string; value: T; onChange: (v: FieldValue) => void; describedBy?: string };

const small = 'rounded border border-border px-2 py-1 text-sm hover:bg-surface-2 disabled:opacity-40';
const input = 'mt-1 block w-full rounded-md border border-border bg-bg px-2 py-1 text-sm';

/** Moves the item at `from` one place up (-1) or down (+1). */
function move<T>(list: T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}

/** A picker that starts empty again after each choice, to add files one after the other. */
function AddFile({ label, type, onAdd }: { label: string; type?: string; onAdd: (file: ChosenFile) => void }) {
  const [round, setRound] = useState(0);
  return (
    <FilePicker
      key={round}
      name=""
      label={label}
      type={type}
      onChange={(file) => {
        if (!file) return;
        onAdd(file);
        setRound((r) => r + 1);
      }}
    />
  );
}

function Reorder({
  index,
  count,
  name,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  name: string;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <div className="flex gap-1">
      <button type="button" className={small} disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Monter « ${name} »`}>
        ↑
      </button>
      <button type="button" className={small} disabled={index === count - 1} onClick={() => onMove(1)} aria-label={`Descendre « ${name} »`}>
        ↓
      </button>
      <button type="button" className={small} onClick={onRemove} aria-label={`Retirer « ${name} »`}>
        Retirer
      </button>
    </div>
  );
}

export function ImageField({ label, value, onChange, describedBy }: FieldProps<ChosenFile | null>) {
  return (
    <div aria-describedby={describedBy}>
      <LibraryImage label={label} initial={value} onChange={(file) => onChange(file)} />
    </div>
  );
}

/** One document of the listed types (`pdf`), chosen in the library (a press release's PDF). */
export function DocumentField({
  label,
  accept,
  value,
  onChange,
  describedBy,
}: FieldProps<ChosenFile | null> & { accept: readonly string[] }) {
  return (
    <div aria-describedby={describedBy} className="max-w-md">
      <FilePicker label={label} initial={value} type={accept.length === 1 ? accept[0] : undefined} onChange={(file) => onChange(file)} />
    </div>
  );
}

export function AttachmentsField({ label, value, onChange, describedBy }: FieldProps<AttachmentValue[]>) {
  return (
    <fieldset className="rounded-md border border-border p-3" aria-describedby={describedBy}>
      <legend className="px-1 text-sm font-medium">{label}</legend>
      {value.length === 0 ? <p className="text-sm text-muted">Aucun fichier joint.</p> : null}
      <ol className="space-y-3">
        {value.map((a, i) => (
          <li key={a.file.id} className="rounded border border-border p-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <a href={a.file.url} className="break-all text-sm">
                {a.file.name}
              </a>
              <Reorder
                index={i}
                count={value.length}
                name={a.file.name}
                onMove={(by) => onChange(move(value, i, by))}
                onRemove={() => onChange(value.filter((_, j) => j !== i))}
              />
            </div>
            <label className="mt-2 block text-xs font-medium">
              Libellé affiché (facultatif)
              <input
                className={input}
                maxLength={200}
                value={a.label}
                onChange={(e) => onChange(value.map((x, j) => (j === i ? { ...x, label: e.target.value } : x)))}
              />
            </label>
            <label className="mt-2 block text-xs font-medium">
              Libellé en anglais (facultatif : vide, le site en anglais montre le libellé français)
              <input
                className={input}
                maxLength={200}
                lang="en"
                value={a.labelEn ?? ''}
                onChange={(e) => onChange(value.map((x, j) => (j === i ? { ...x, labelEn: e.target.value } : x)))}
              />
            </label>
          </li>
        ))}
      </ol>
      <div className="mt-3">
        <AddFile
          label="Joindre un fichier"
          onAdd={(file) => {
            if (!value.some((a) => a.file.id === file.id)) onChange([...value, { file, label: '' }]);
          }}
        />
      </div>
    </fieldset>
  );
}

export function GalleryField({ label, value, onChange, describedBy }: FieldProps<GalleryImageValue[]>) {
  const edit = (i: number, patch: Partial<GalleryImageValue>) => onChange(value.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <fieldset className="rounded-md border border-border p-3" aria-describedby={describedBy}>
      <legend className="px-1 text-sm font-medium">{label}</legend>
      {value.length === 0 ? <p className="text-sm text-muted">Aucune photo.</p> : null}
      <ol className="space-y-3">
        {value.map((img, i) => (
          <li key={img.file.id} className="grid gap-3 rounded border border-border p-2 sm:grid-cols-[6rem_1fr]">
            {/* eslint-disable-next-line @next/next/no-img-element -- a thumbnail of a library file in the back-office */}
            <img src={img.file.url} alt="" className="h-20 w-24 rounded object-cover" />
            <div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="break-all text-sm">
                  Photo {i + 1} : {img.file.name}
                </span>
                <Reorder
                  index={i}
                  count={value.length}
                  name={img.file.name}
                  onMove={(by) => onChange(move(value, i, by))}
                  onRemove={() => onChange(value.filter((_, j) => j !== i))}
                />
              </div>
              <label className="mt-2 block text-xs font-medium">
                Légende
                <input className={input} maxLength={300} value={img.caption} onChange={(e) => edit(i, { caption: e.target.value })} />
              </label>
              <label className="mt-2 block text-xs font-medium">
                Texte alternatif (ce que montre la photo)
                <input className={input} maxLength={300} value={img.alt} onChange={(e) => edit(i, { alt: e.target.value })} />
              </label>
              <label className="mt-2 block text-xs font-medium">
                Légende en anglais (facultative)
                <input
                  className={input}
                  maxLength={300}
                  lang="en"
                  value={img.captionEn ?? ''}
                  onChange={(e) => edit(i, { captionEn: e.target.value })}
                />
              </label>
              <label className="mt-2 block text-xs font-medium">
                Texte alternatif en anglais (facultatif : vide, le site en anglais montre le français)
                <input
                  className={input}
                  maxLength={300}
                  lang="en"
                  value={img.altEn ?? ''}
                  onChange={(e) => edit(i, { altEn: e.target.value })}
                />
              </label>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-3">
        <AddFile
          label="Ajouter une photo"
          type="image"
          onAdd={(file) => {
            if (!value.some((x) => x.file.id === file.id)) onChange([...value, { file, caption: '', alt: '' }]);
          }}
        />
      </div>
    </fieldset>
  );
}
