'use client';
/** Inserts, edits or removes a link (Ctrl/Cmd+K or the toolbar's button). */
import type { Editor } from '@tiptap/react';
import { useId, useRef, useState } from 'react';
import { parseLinkInput } from './link-url';
import { fieldClass, Modal, onEnter, primaryButton, secondaryButton, type Close } from './modal';

export function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
  const editing = open && editor.isActive('link');
  return (
    <Modal open={open} onClose={onClose} title={editing ? 'Modifier le lien' : 'Insérer un lien'}>
      {(close) => <LinkForm editor={editor} editing={editing} close={close} />}
    </Modal>
  );
}

function LinkForm({ editor, editing, close }: { editor: Editor; editing: boolean; close: Close }) {
  const id = useId();
  // Read once, when the dialog opens (the form mounts with it).
  const [initial] = useState(() => ({
    href: editing ? String(editor.getAttributes('link').href ?? '') : '',
    // Nothing selected and no link under the caret: the link needs its text.
    needsText: editor.state.selection.empty && !editing,
  }));
  const [href, setHref] = useState(initial.href);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const urlField = useRef<HTMLInputElement>(null);

  const apply = () => {
    const result = parseLinkInput(href);
    if (!result.ok) {
      setError(result.error);
      urlField.current?.focus();
      return;
    }
    close(() => {
      if (initial.needsText) {
        const content = { type: 'text', text: text.trim() || result.href, marks: [{ type: 'link', attrs: { href: result.href } }] };
        // The caret leaves the link: what is typed next is ordinary text.
        editor.chain().insertContent(content).unsetMark('link').scrollIntoView().run();
      } else {
        editor.chain().extendMarkRange('link').setLink({ href: result.href }).run();
      }
      editor.view.focus();
    });
  };
  const remove = () =>
    close(() => {
      editor.chain().extendMarkRange('link').unsetLink().run();
      editor.view.focus();
    });

  return (
    <div className="mt-4 space-y-4">
      <div>
        <label htmlFor={`${id}-url`} className="block text-sm font-medium">
          Adresse du lien
        </label>
        <p id={`${id}-aide`} className="text-xs text-muted">
          Adresse web (https://…), adresse électronique, ou page du site commençant par /, par exemple /publications.
        </p>
        <input
          ref={urlField}
          id={`${id}-url`}
          data-autofocus
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={href}
          onChange={(e) => {
            setHref(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => onEnter(e, apply)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-aide${error ? ` ${id}-erreur` : ''}`}
          className={fieldClass}
        />
        {error ? (
          <p id={`${id}-erreur`} role="alert" className="mt-1 text-sm text-down">
            {error}
          </p>
        ) : null}
      </div>
      {initial.needsText ? (
        <div>
          <label htmlFor={`${id}-texte`} className="block text-sm font-medium">
            Texte du lien
          </label>
          <p id={`${id}-texte-aide`} className="text-xs text-muted">
            Laissé vide, l’adresse sert de texte.
          </p>
          <input
            id={`${id}-texte`}
            type="text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => onEnter(e, apply)}
            aria-describedby={`${id}-texte-aide`}
            className={fieldClass}
          />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={apply} className={primaryButton}>
          Appliquer
        </button>
        {editing ? (
          <button type="button" onClick={remove} className={secondaryButton}>
            Retirer le lien
          </button>
        ) : null}
        <button type="button" onClick={() => close()} className={secondaryButton}>
          Annuler
        </button>
      </div>
    </div>
  );
}
