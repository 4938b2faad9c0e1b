'use client';
/**
 * The warning before leaving a back-office page with unsaved changes: a reload, a closed tab or a
 * link followed inside the app (which navigates without unloading the page). Several forms of one
 * page share it; it is armed while at least one of them is dirty.
 */
import { useEffect, useId } from 'react';

/** Forms of the page with unsaved changes; one warning covers them all. */
const dirtyForms = new Set<string>();
const leaveMessage = 'Vous avez des modifications non enregistrées. Quitter cette page quand même ?';

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older browsers show the dialog only when returnValue is set.
  event.returnValue = '';
}

/** Links inside the app navigate without unloading the page: ask before following one. */
function onLinkClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || link.target === '_blank' || link.hasAttribute('download')) return;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || (url.pathname === window.location.pathname && url.search === window.location.search)) return;
  if (window.confirm(leaveMessage)) return;
  event.preventDefault();
  event.stopPropagation();
}

function setDirtyForm(id: string, dirty: boolean) {
  const before = dirtyForms.size;
  if (dirty) dirtyForms.add(id);
  else dirtyForms.delete(id);
  if (before === 0 && dirtyForms.size > 0) {
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onLinkClick, true);
  } else if (before > 0 && dirtyForms.size === 0) {
    window.removeEventListener('beforeunload', onBeforeUnload);
    document.removeEventListener('click', onLinkClick, true);
  }
}

/** Arms the warning while `dirty` is true (and disarms it when the form goes away). */
export function useLeaveWarning(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    setDirtyForm(id, dirty);
    return () => setDirtyForm(id, false);
  }, [id, dirty]);
}
