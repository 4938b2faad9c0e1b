'use client';
/**
 * The back-office rich-text editor (bodies of publications, news, pages): Tiptap with the toolbar
 * the server's allowlist was written for (lib/content/html.ts) — paragraphs, h2–h3, bold, italic,
 * lists, quotes, links, tables, images from the file library. The HTML travels in a hidden input
 * named `name`, so it works inside any server-action form; the server sanitizes it again.
 *
 * Forms import `LazyRichTextEditor` (./lazy-rich-text-editor) so that Tiptap is not in their first
 * bundle. Its parts: extensions.ts (what the document may hold), toolbar.tsx and icons.tsx,
 * link-dialog.tsx and image-dialog.tsx in modal.tsx's frame.
 */
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { extensions } from './extensions';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';
import { frameClass, RichTextLabel, RichTextPlaceholder, type RichTextEditorProps } from './rich-text-frame';
import { Toolbar } from './toolbar';

/**
 * What the hidden input carries: '' for an empty document, not `<p></p>`, and no trailing empty
 * paragraph (Tiptap keeps one after a final table or image so the caret can get there).
 */
const valueOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, ''));

const editableClass = 'rich-editor prose-content max-w-none min-h-48 rounded-b-md px-3 py-2 focus-visible:outline-offset-0';

export function RichTextEditor(props: RichTextEditorProps): JSX.Element {
  const { id, name, label, defaultValue, onChange, describedBy, invalid, required, lang, readOnly = false } = props;
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
        ...(lang ? { lang } : {}),
        // Read-only, it stays reachable from the keyboard (a screen reader reads it as a read-only text box).
        ...(readOnly ? { 'aria-readonly': 'true', tabindex: '0' } : {}),
        class: readOnly ? `${editableClass} rounded-t-md` : editableClass,
      },
      // Ctrl/Cmd+K, the usual shortcut for a link.
      handleKeyDown: (_view: unknown, event: KeyboardEvent) => {
        if (!readOnly && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
          event.preventDefault();
          openLinkRef.current();
          return true;
        }
        return false;
      },
    }),
    [id, describedBy, invalid, required, lang, readOnly],
  );

  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions,
    content: defaultValue,
    editable: !readOnly,
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
        {readOnly ? null : <Toolbar editor={editor} controls={id} onLink={() => setDialog('link')} onImage={() => setDialog('image')} />}
        <EditorContent editor={editor} />
      </div>
      <LinkDialog editor={editor} open={dialog === 'link'} onClose={() => setDialog(null)} />
      <ImageDialog editor={editor} open={dialog === 'image'} onClose={() => setDialog(null)} />
    </div>
  );
}
