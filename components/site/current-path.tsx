'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * The path in the address bar, for the prerendered 404 page. The production server writes the
 * path into this span on the server (lib/http/not-found.ts); the browser fills it otherwise.
 */
export function CurrentPath() {
  const path = useSyncExternalStore(
    subscribe,
    () => window.location.pathname,
    () => '',
  );
  return (
    <span data-current-path="" suppressHydrationWarning>
      {path}
    </span>
  );
}
