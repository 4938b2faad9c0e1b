'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';

/** After each navigation the view scrolls to the top (seed behaviour). */
export function ScrollToTop() {
  const pathname = usePathname();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return null;
}
