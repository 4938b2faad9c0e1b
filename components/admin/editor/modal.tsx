'use client';
/**
 * The editor's dialogs share this frame. They sit inside the page's form: every button is
 * type="button", inputs have no name, and Enter in a field confirms the dialog instead of
 * submitting the form.
 */
import { useEffect, useId, useState, type KeyboardEvent as ReactKeyboardEvent, type ReactNode } from 'react';

/**
 * Closes the dialog, then runs `then`: the page is inert while a modal is open, and closing gives
 * focus back to the button that opened it, so an editor command must come after the close.
 */
export type Close = (then?: () => void) => void;

/** A modal <dialog> following `open`; Escape (or any close) calls `onClose`. Its content mounts on opening. */
export function Modal({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: (close: Close) => ReactNode;
}) {
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

export const fieldClass = 'mt-1 block w-full rounded-md border border-border bg-bg px-3 py-2 aria-invalid:border-down';
export const primaryButton = 'rounded-md bg-primary px-4 py-2 font-semibold text-primary-fg hover:bg-primary-hover';
export const secondaryButton = 'rounded-md border border-border px-4 py-2 hover:bg-surface-2';

/** Enter in a dialog's field confirms the dialog. */
export const onEnter = (event: ReactKeyboardEvent, action: () => void) => {
  if (event.key === 'Enter') {
    event.preventDefault();
    action();
  }
};
