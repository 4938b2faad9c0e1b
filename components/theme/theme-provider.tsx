'use client';

import { usePathname } from 'next/navigation';
import { ThemeProvider as NextThemesProvider } from 'next-themes';
import { forcedThemes, themeStorageKey } from '@/lib/theme';

/** Colour mode system / light / dark, kept in localStorage; some pages force one. */
export function ThemeProvider({ children }: { children: React.ReactNode }) {
  const pathname = usePathname();
  return (
    <NextThemesProvider
      attribute="class"
      defaultTheme="system"
      enableSystem
      storageKey={themeStorageKey}
      forcedTheme={forcedThemes[pathname]}
      disableTransitionOnChange
    >
      {children}
    </NextThemesProvider>
  );
}
