/**
 * What a back-office form shows a user whose role or areas do not allow its change: the fields as
 * they are, disabled (a `<fieldset disabled>`), under a short French note saying why. The server
 * refuses the change anyway (lib/admin/access.ts); this only spares the user a form they cannot send.
 * Without a note, the fields are rendered as they are.
 */
import type { ReactNode } from 'react';

/** Why the user may read but not change (or do) something here. */
export function AccessNote({ id, children, className = '' }: { id?: string; children: ReactNode; className?: string }) {
  return (
    <p id={id} className={`rounded-md border border-border bg-surface px-3 py-2 text-sm ${className}`}>
      {children}
    </p>
  );
}

/**
 * `note` null: the children as they are. A note: the note, then the children in a disabled
 * fieldset described by it (`className` spaces the fields as the form would).
 */
export function ReadOnlyFields({
  id,
  note,
  className = '',
  children,
}: {
  id: string;
  note: string | null | undefined;
  className?: string;
  children: ReactNode;
}) {
  if (!note) return <>{children}</>;
  return (
    <>
      <AccessNote id={`${id}-lecture-seule`}>{note}</AccessNote>
      <fieldset disabled aria-describedby={`${id}-lecture-seule`} className={`min-w-0 ${className}`}>
        {children}
      </fieldset>
    </>
  );
}
