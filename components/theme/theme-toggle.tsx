'use client';

import { useTheme } from 'next-themes';
import { useSyncExternalStore } from 'react';
import type { Messages } from '@/lib/i18n/messages';

const order = ['system', 'light', 'dark'] as const;
const noop = () => () => {};

/**
 * Cycles the colour mode system → light → dark. Renders a stable label until hydrated. Its words
 * come from the server parent (`messages(locale).site.theme`), each mode's label naming the next.
 */
export function ThemeToggle({ labels }: { labels: Messages['site']['theme'] }) {
  const { theme, setTheme, forcedTheme } = useTheme();
  const hydrated = useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
  const current = (hydrated ? ((order as readonly string[]).includes(theme ?? '') ? theme : 'system') : 'system') as (typeof order)[number];
  const next = order[(order.indexOf(current) + 1) % order.length] as (typeof order)[number];
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      disabled={Boolean(forcedTheme)}
      className="inline-flex h-10 items-center gap-2 rounded-md border border-border px-3 text-sm hover:bg-surface-2 disabled:opacity-60"
      aria-label={labels[current].label}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
        {current === 'dark' ? (
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
        ) : current === 'light' ? (
          <>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </>
        ) : (
          <>
            <rect x="3" y="4" width="18" height="12" rx="2" />
            <path d="M8 20h8M12 16v4" />
          </>
        )}
      </svg>
      <span className="hidden sm:inline">{labels[current].name}</span>
    </button>
  );
}
