'use client';

import { usePathname } from 'next/navigation';

/** The path being shown, for the 404 message. */
export function CurrentPath() {
  return <>{usePathname()}</>;
}
