'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';

/** Progressive enhancement for the <details> menus: close on navigation, outside click and Escape. */
export function NavMenus() {
  const pathname = usePathname();
  useEffect(() => {
    document.querySelectorAll('header details[open]').forEach((d) => d.removeAttribute('open'));
  }, [pathname]);
  useEffect(() => {
    const closeAll = (except?: Element | null) =>
      document.querySelectorAll('header details[open]').forEach((d) => {
        if (d !== except) d.removeAttribute('open');
      });
    const onClick = (e: MouseEvent) => closeAll((e.target as Element).closest('header details'));
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const open = (e.target as Element | null)?.closest('details[open]');
      closeAll();
      open?.querySelector('summary')?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return null;
}
