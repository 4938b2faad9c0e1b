'use client';
/**
 * The editor's toolbar: one tab stop, arrow keys between buttons (WAI-ARIA toolbar pattern).
 * Unavailable buttons stay focusable with aria-disabled, so focus never falls out of the toolbar.
 */
import { useEditorState, type Editor } from '@tiptap/react';
import { useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';
import { icons } from './icons';
import { toolbarClass } from './rich-text-frame';

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

export function Toolbar({
  editor,
  controls,
  onLink,
  onImage,
}: {
  editor: Editor;
  controls: string;
  onLink: () => void;
  onImage: () => void;
}) {
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
      {
        key: 'paragraph',
        label: 'Paragraphe',
        icon: '¶',
        shortcut: 'Ctrl+Alt+0',
        pressed: state.paragraph,
        run: () => chain().setParagraph().run(),
      },
      {
        key: 'h2',
        label: 'Titre 2',
        icon: <b>T2</b>,
        shortcut: 'Ctrl+Alt+2',
        pressed: state.h2,
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        key: 'h3',
        label: 'Titre 3',
        icon: <b>T3</b>,
        shortcut: 'Ctrl+Alt+3',
        pressed: state.h3,
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
    ],
    [
      { key: 'bold', label: 'Gras', icon: <b>G</b>, shortcut: 'Ctrl+B', pressed: state.bold, run: () => chain().toggleBold().run() },
      {
        key: 'italic',
        label: 'Italique',
        icon: <i className="font-serif">I</i>,
        shortcut: 'Ctrl+I',
        pressed: state.italic,
        run: () => chain().toggleItalic().run(),
      },
    ],
    [
      {
        key: 'bulletList',
        label: 'Liste à puces',
        icon: icons.bulletList,
        shortcut: 'Ctrl+Maj+8',
        pressed: state.bulletList,
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: 'orderedList',
        label: 'Liste numérotée',
        icon: icons.orderedList,
        shortcut: 'Ctrl+Maj+7',
        pressed: state.orderedList,
        run: () => chain().toggleOrderedList().run(),
      },
      {
        key: 'blockquote',
        label: 'Citation',
        icon: icons.quote,
        shortcut: 'Ctrl+Maj+B',
        pressed: state.blockquote,
        run: () => chain().toggleBlockquote().run(),
      },
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
      {
        key: 'redo',
        label: 'Rétablir',
        icon: icons.redo,
        shortcut: 'Ctrl+Maj+Z',
        disabled: !state.canRedo,
        run: () => chain().redo().run(),
      },
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
      className={
        'inline-flex h-8 items-center justify-center rounded text-sm hover:bg-surface-2 aria-disabled:cursor-not-allowed ' +
        'aria-disabled:opacity-50 aria-disabled:hover:bg-transparent aria-pressed:bg-primary-soft aria-pressed:text-fg ' +
        `data-active:bg-primary-soft ${tool.icon ? 'min-w-8 px-1.5' : 'px-2'}`
      }
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
