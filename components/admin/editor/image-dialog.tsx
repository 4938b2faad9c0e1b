'use client';
/** Inserts an image from the file library, with its text alternative (or marked decorative). */
import type { Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { FilePicker } from '@/components/admin/files/file-picker';
import { fieldClass, Modal, onEnter, primaryButton, secondaryButton, type Close } from './modal';

type Picked = { id: string; name: string; url: string };

export function ImageDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Insérer une image">
      {(close) => <ImageForm editor={editor} close={close} />}
    </Modal>
  );
}

function ImageForm({ editor, close }: { editor: Editor; close: Close }) {
  const id = useId();
  const [file, setFile] = useState<Picked | null>(null);
  const [alt, setAlt] = useState('');
  const [decorative, setDecorative] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const insert = () => {
    if (!file) return setError('Choisissez une image dans la bibliothèque ou envoyez-en une.');
    if (!decorative && alt.trim() === '')
      return setError('Décrivez l’image pour les personnes qui ne la voient pas, ou cochez « Image décorative ».');
    close(() => {
      editor
        .chain()
        .setImage({ src: file.url, alt: decorative ? '' : alt.trim() })
        .scrollIntoView()
        .run();
      editor.view.focus();
    });
  };

  return (
    <div className="mt-4 space-y-4">
      <FilePicker
        label="Image"
        type="image"
        onChange={(chosen) => {
          setFile(chosen);
          setError(null);
        }}
      />
      {file ? (
        // eslint-disable-next-line @next/next/no-img-element -- a library file's preview, at its own URL
        <img src={file.url} alt="" className="max-h-40 rounded border border-border" />
      ) : null}
      <div>
        <label htmlFor={`${id}-alt`} className="block text-sm font-medium">
          Texte alternatif
        </label>
        <p id={`${id}-alt-aide`} className="text-xs text-muted">
          Ce que l’image apporte au lecteur, par exemple « Carte des régions ». Lu à la place de l’image.
        </p>
        <input
          id={`${id}-alt`}
          type="text"
          value={alt}
          disabled={decorative}
          onChange={(e) => {
            setAlt(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => onEnter(e, insert)}
          aria-describedby={`${id}-alt-aide`}
          className={`${fieldClass} disabled:opacity-60`}
        />
        <label className="mt-2 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={decorative} onChange={(e) => setDecorative(e.target.checked)} />
          Image purement décorative (rien à décrire)
        </label>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-down">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={insert} className={primaryButton}>
          Insérer l’image
        </button>
        <button type="button" onClick={() => close()} className={secondaryButton}>
          Annuler
        </button>
      </div>
    </div>
  );
}
