/**
 * The rich-text editor's label and frame, without Tiptap: the lazy loader shows them while the
 * editor's code arrives, at the editor's height, so the form does not jump when it appears. The
 * editor and its toolbar import from here (never the reverse).
 */

/** The editor's props (the placeholder takes the same: `./lazy-rich-text-editor.tsx`). */
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
  /** Language of the text when it is not the page's (`en` for an English version): spell-checkers follow it. */
  lang?: string;
  /** Shown, not editable (a user whose role or areas do not allow the change): no toolbar. */
  readOnly?: boolean;
};

/** Frame around toolbar and text; red when the field has an error. */
export const frameClass = (invalid?: boolean) => `mt-1 rounded-md border bg-bg ${invalid ? 'border-down' : 'border-border'}`;

/** The toolbar's row: 2rem buttons, 0.25rem padding, its bottom border (the placeholder copies it). */
export const toolbarClass = 'flex min-h-10 flex-wrap items-center gap-0.5 rounded-t-md border-b border-border bg-surface px-1 py-1';

/** The visible label; the editable region points at it with `aria-labelledby`. */
export function RichTextLabel({ id, label, required, onClick }: { id: string; label: string; required?: boolean; onClick?: () => void }) {
  return (
    <span id={`${id}-label`} className="block text-sm font-medium" onClick={onClick}>
      {label}
      {required ? <span aria-hidden="true"> *</span> : null}
    </span>
  );
}

/**
 * Read-only stand-in with the label, the editor's height and the current value in its hidden
 * input: a form sent before the editor is ready keeps the text it had.
 */
export function RichTextPlaceholder({ id, name, label, defaultValue, required, invalid }: RichTextEditorProps) {
  return (
    <div>
      <RichTextLabel id={id} label={label} required={required} />
      <input type="hidden" name={name} value={defaultValue === '<p></p>' ? '' : defaultValue} />
      <div className={frameClass(invalid)} aria-busy="true">
        <div className={toolbarClass}>
          <span className="h-8" />
        </div>
        <p className="min-h-48 px-3 py-2 text-sm text-muted">Chargement de l’éditeur…</p>
      </div>
    </div>
  );
}
