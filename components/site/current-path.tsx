'use client';

import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * The path in the address bar, for a 404 rendered without its path (a prerendered not-found
 * page would otherwise show its own internal path).
 */
export function CurrentPath() {
  return <>{useSyncExternalStore(subscribe, () => window.location.pathname, () => '')}</>;
}
