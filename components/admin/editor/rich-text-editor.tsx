'use client';
/**
 * The back-office rich-text editor (bodies of publications, news, pages): Tiptap with the toolbar
 * the server's allowlist was written for (lib/content/html.ts) — paragraphs, h2–h3, bold, italic,
 * lists, quotes, links, tables, images from the file library. The HTML travels in a hidden input
 * named `name`, so it works inside any server-action form; the server sanitizes it again.
 *
 * Forms import `LazyRichTextEditor` (./lazy-rich-text-editor) so that Tiptap is not in their first
 * bundle.
 */
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import ImageExtension from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useRef, useState, type JSX, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { FilePicker } from '@/components/admin/files/file-picker';
import { isAllowedLinkHref, parseLinkInput } from './link-url';
import { frameClass, RichTextLabel, RichTextPlaceholder, toolbarClass } from './rich-text-frame';

export type RichTextEditorProps = {
  /** id of the editable region; the visible label points at it with aria-labelledby = `${id}-label`. */
  id: string;
  /** name of the hidden input that carries the HTML in the form (server actions read FormData). */
  name: string;
  /** Visible French label, rendered by the component as <span id={`${id}-label`}>. */
  label: string;
  defaultValue: string;
  onChange?: (html: string) => void;
  /** ids of hint/error elements. */
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
};

/** Header cells say which cells they head: the editor only makes header rows, so `col`. */
const ColumnHeader = TableHeader.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      scope: {
        default: 'col',
        parseHTML: (element: HTMLElement) => element.getAttribute('scope') ?? 'col',
        renderHTML: (attributes: { scope?: string }) => ({ scope: attributes.scope }),
      },
    };
  },
});

// Built once: useEditor compares extensions by identity, and these depend on no prop.
const extensions = [
  StarterKit.configure({
    // h1 is the page's title; h4 stays so that stored or pasted h4 are not flattened.
    heading: { levels: [2, 3, 4] },
    // StarterKit v3 brings Link (and Underline): configured here, not registered a second time.
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // A link opens where the reader chooses; the sanitizer drops target/rel anyway.
      HTMLAttributes: { target: null, rel: null },
      // Pasted, typed or autolinked: only what the sanitizer keeps becomes a link.
      isAllowedUri: (url) => isAllowedLinkHref(url),
    },
  }),
  ImageExtension.configure({ allowBase64: false }),
  Table.configure({ resizable: false }),
  TableRow,
  ColumnHeader,
  TableCell,
];

/**
 * What the hidden input carries: '' for an empty document, not `<p></p>`, and no trailing empty
 * paragraph (Tiptap keeps one after a final table or image so the caret can get there).
 */
const valueOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, ''));

const editableClass = 'rich-editor prose-content max-w-none min-h-48 rounded-b-md px-3 py-2 focus-visible:outline-offset-0';

export function RichTextEditor(props: RichTextEditorProps): JSX.Element {
  const { id, name, label, defaultValue, onChange, describedBy, invalid, required } = props;
  const [value, setValue] = useState(() => (defaultValue === '<p></p>' ? '' : defaultValue));
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const onChangeRef = useRef(onChange);
  const openLinkRef = useRef(() => {});
  useEffect(() => {
    onChangeRef.current = onChange;
    openLinkRef.current = () => setDialog('link');
  });

  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': `${id}-label`,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        class: editableClass,
      },
      // Ctrl/Cmd+K, the usual shortcut for a link.
      handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
        if ((event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLinkRef.current();
          return true;
        }
        return false;
      },
    }),
    [id, describedBy, invalid, required],
  );

  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions,
    content: defaultValue,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = valueOf(current);
      setValue(html);
      onChangeRef.current?.(html);
    },
  });

  // A form reset (create forms after a success) empties the editor as it empties the inputs.
  useEffect(() => {
    const form = input.current?.form;
    if (!form || !editor) return;
    const reset = () => {
      editor.chain().setMeta('addToHistory', false).setContent(defaultValue, { emitUpdate: false }).run();
      const html = valueOf(editor);
      setValue(html);
      onChangeRef.current?.(html);
    };
    form.addEventListener('reset', reset);
    return () => form.removeEventListener('reset', reset);
  }, [editor, defaultValue]);

  if (!editor) return <RichTextPlaceholder {...props} />;

  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <RichTextLabel id={id} label={label} required={required} onClick={() => editor.commands.focus()} />
      <input ref={input} type="hidden" name={name} value={value} />
      <div className={frameClass(invalid)}>
        <Toolbar editor={editor} controls={id} onLink={() => setDialog('link')} onImage={() => setDialog('image')} />
        <EditorContent editor={editor} />
      </div>
      <LinkDialog editor={editor} open={dialog === 'link'} onClose={() => setDialog(null)} />
      <ImageDialog editor={editor} open={dialog === 'image'} onClose={() => setDialog(null)} />
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------
 * Toolbar: one tab stop, arrow keys between buttons (WAI-ARIA toolbar pattern). Unavailable
 * buttons stay focusable with aria-disabled, so focus never falls out of the toolbar.
 */

type Tool = {
  key: string;
  label: string;
  /** Visible glyph; the name comes from `label`. Without it, `label` is the visible text. */
  icon?: ReactNode;
  shortcut?: string;
  /** A toggle's state (aria-pressed). */
  pressed?: boolean;
  /** Highlighted without being a toggle (the caret is on a link). */
  active?: boolean;
  disabled?: boolean;
  dialog?: boolean;
  run: () => void;
};

function Toolbar({ editor, controls, onLink, onImage }: { editor: Editor; controls: string; onLink: () => void; onImage: () => void }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      paragraph: e.isActive('paragraph'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canDeleteRow: e.can().deleteRow(),
      canDeleteColumn: e.can().deleteColumn(),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [current, setCurrent] = useState('paragraph');
  const bar = useRef<HTMLDivElement>(null);
  // No Tiptap focus() in the chains: it refocuses a frame later and would put back the selection
  // of that moment over keys typed meanwhile; the button's click handler focuses at once instead.
  const chain = () => editor.chain();

  const groups: Tool[][] = [
    [
      { key: 'paragraph', label: 'Paragraphe', icon: '¶', shortcut: 'Ctrl+Alt+0', pressed: state.paragraph, run: () => chain().setParagraph().run() },
      { key: 'h2', label: 'Titre 2', icon: <b>T2</b>, shortcut: 'Ctrl+Alt+2', pressed: state.h2, run: () => chain().toggleHeading({ level: 2 }).run() },
      { key: 'h3', label: 'Titre 3', icon: <b>T3</b>, shortcut: 'Ctrl+Alt+3', pressed: state.h3, run: () => chain().toggleHeading({ level: 3 }).run() },
    ],
    [
      { key: 'bold', label: 'Gras', icon: <b>G</b>, shortcut: 'Ctrl+B', pressed: state.bold, run: () => chain().toggleBold().run() },
      { key: 'italic', label: 'Italique', icon: <i className="font-serif">I</i>, shortcut: 'Ctrl+I', pressed: state.italic, run: () => chain().toggleItalic().run() },
    ],
    [
      { key: 'bulletList', label: 'Liste à puces', icon: icons.bulletList, shortcut: 'Ctrl+Maj+8', pressed: state.bulletList, run: () => chain().toggleBulletList().run() },
      { key: 'orderedList', label: 'Liste numérotée', icon: icons.orderedList, shortcut: 'Ctrl+Maj+7', pressed: state.orderedList, run: () => chain().toggleOrderedList().run() },
      { key: 'blockquote', label: 'Citation', icon: icons.quote, shortcut: 'Ctrl+Maj+B', pressed: state.blockquote, run: () => chain().toggleBlockquote().run() },
    ],
    [
      { key: 'link', label: 'Lien', icon: icons.link, shortcut: 'Ctrl+K', active: state.link, dialog: true, run: onLink },
      {
        key: 'table',
        label: 'Tableau',
        icon: icons.table,
        disabled: state.table,
        run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).scrollIntoView().run(),
      },
      { key: 'image', label: 'Image', icon: icons.image, dialog: true, run: onImage },
    ],
    [
      { key: 'undo', label: 'Annuler', icon: icons.undo, shortcut: 'Ctrl+Z', disabled: !state.canUndo, run: () => chain().undo().run() },
      { key: 'redo', label: 'Rétablir', icon: icons.redo, shortcut: 'Ctrl+Maj+Z', disabled: !state.canRedo, run: () => chain().redo().run() },
    ],
  ];
  const tableTools: Tool[] = state.table
    ? [
        { key: 'addRow', label: 'Ajouter une ligne', run: () => chain().addRowAfter().run() },
        { key: 'addColumn', label: 'Ajouter une colonne', run: () => chain().addColumnAfter().run() },
        { key: 'deleteRow', label: 'Supprimer la ligne', disabled: !state.canDeleteRow, run: () => chain().deleteRow().run() },
        { key: 'deleteColumn', label: 'Supprimer la colonne', disabled: !state.canDeleteColumn, run: () => chain().deleteColumn().run() },
        { key: 'deleteTable', label: 'Supprimer le tableau', run: () => chain().deleteTable().run() },
      ]
    : [];
  const keys = [...groups.flat(), ...tableTools].map((tool) => tool.key);
  const tabStop = keys.includes(current) ? current : keys[0];

  const move = (event: ReactKeyboardEvent) => {
    const buttons = [...(bar.current?.querySelectorAll<HTMLButtonElement>('button[data-tool]') ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = buttons[(next + buttons.length) % buttons.length];
    target?.focus();
  };

  const button = (tool: Tool) => (
    <button
      key={tool.key}
      type="button"
      data-tool={tool.key}
      tabIndex={tool.key === tabStop ? 0 : -1}
      aria-label={tool.icon ? tool.label : undefined}
      title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
      aria-pressed={tool.pressed}
      aria-disabled={tool.disabled || undefined}
      aria-haspopup={tool.dialog ? 'dialog' : undefined}
      data-active={tool.active || undefined}
      onFocus={() => setCurrent(tool.key)}
      onClick={() => {
        if (tool.disabled) return;
        tool.run();
        if (!tool.dialog) editor.view.focus();
      }}
      className={`inline-flex h-8 items-center justify-center rounded text-sm hover:bg-surface-2 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 aria-disabled:hover:bg-transparent aria-pressed:bg-primary-soft aria-pressed:text-fg data-active:bg-primary-soft ${
        tool.icon ? 'min-w-8 px-1.5' : 'px-2'
      }`}
    >
      {tool.icon ? <span aria-hidden="true">{tool.icon}</span> : tool.label}
    </button>
  );

  return (
    <div ref={bar} role="toolbar" aria-label="Mise en forme" aria-controls={controls} onKeyDown={move} className={toolbarClass}>
      {groups.map((group, i) => (
        <div key={group[0]?.key} className="flex items-center gap-0.5">
          {i > 0 ? <span aria-hidden="true" className="mx-1 h-5 w-px bg-border" /> : null}
          {group.map(button)}
        </div>
      ))}
      {tableTools.length > 0 ? (
        <div role="group" aria-label="Tableau" className="flex w-full flex-wrap items-center gap-0.5 border-t border-border pt-1">
          {tableTools.map(button)}
        </div>
      ) : null}
    </div>
  );
}

const svg = (children: ReactNode) => (
  <svg viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    {children}
  </svg>
);

const icons = {
  bulletList: svg(
    <>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" fill="currentColor" />
      <circle cx="4.5" cy="12" r="1" fill="currentColor" />
      <circle cx="4.5" cy="18" r="1" fill="currentColor" />
    </>,
  ),
  orderedList: svg(
    <>
      <path d="M10 6h10M10 12h10M10 18h10" />
      <path d="M4 4h1v4M4 8h2" strokeWidth="1.5" />
      <path d="M4 14.5a1 1 0 0 1 2 0c0 .8-2 1.5-2 2.5h2" strokeWidth="1.5" />
    </>,
  ),
  quote: svg(
    <>
      <path d="M4 17c3 0 4-2 4-5V7H4v5h4" />
      <path d="M14 17c3 0 4-2 4-5V7h-4v5h4" />
    </>,
  ),
  link: svg(
    <>
      <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
    </>,
  ),
  table: svg(
    <>
      <rect x="3" y="4" width="18" height="16" rx="1.5" />
      <path d="M3 9.5h18M3 15h18M9 4v16M15 4v16" />
    </>,
  ),
  image: svg(
    <>
      <rect x="3" y="4" width="18" height="16" rx="1.5" />
      <circle cx="9" cy="10" r="1.5" />
      <path d="m21 16-5-5-9 9" />
    </>,
  ),
  undo: svg(
    <>
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
    </>,
  ),
  redo: svg(
    <>
      <path d="m15 14 5-5-5-5" />
      <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
    </>,
  ),
};

/* ------------------------------------------------------------------------------------------------
 * Dialogs. They sit inside the page's form: every button is type="button", inputs have no name,
 * and Enter in a field confirms the dialog instead of submitting the form.
 */

/**
 * Closes the dialog, then runs `then`: the page is inert while a modal is open, and closing gives
 * focus back to the button that opened it, so an editor command must come after the close.
 */
type Close = (then?: () => void) => void;

/** A modal <dialog> following `open`; Escape (or any close) calls `onClose`. Its content mounts on opening. */
function Modal({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: (close: Close) => ReactNode }) {
  // The element in state rather than in a ref: `close` is handed to the content during render.
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  const titleId = useId();
  useEffect(() => {
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && dialog.open) dialog.close();
  }, [open, dialog]);
  const close: Close = (then) => {
    dialog?.close();
    then?.();
  };
  return (
    <dialog
      ref={setDialog}
      aria-labelledby={titleId}
      // React bubbles `close` from a dialog nested inside this one (the file picker's): only ours counts.
      onClose={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-full max-w-lg rounded-lg border border-border bg-bg p-6 text-fg backdrop:bg-black/50"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {title}
      </h2>
      {open ? children(close) : null}
    </dialog>
  );
}

const fieldClass = 'mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down';
const primaryButton = 'rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover';
const secondaryButton = 'rounded-md border border-border px-4 py-2 hover:bg-surface-2';

/** Enter in a dialog's field confirms the dialog. */
const onEnter = (event: ReactKeyboardEvent, action: () => void) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    action();
  }
};

function LinkDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
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

type Picked = { id: string; name: string; url: string };

function ImageDialog({ editor, open, onClose }: { editor: Editor; open: boolean; onClose: () => void }) {
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
    if (!decorative && alt.trim() === '') return setError('Décrivez l’image pour les personnes qui ne la voient pas, ou cochez « Image décorative ».');
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
