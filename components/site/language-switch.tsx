'use client';

import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { languageNames } from '@/lib/i18n/messages/site';
import { languageSwitchFallback, otherLocales, pageInLocale } from '@/lib/i18n/switch';

/**
 * The address bar is read again whenever the reader may be about to use the link (pointing at or
 * focusing anything, going back): the site's own navigations change the query without an event.
 */
function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  document.addEventListener('pointerover', onChange, { passive: true });
  document.addEventListener('focusin', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    document.removeEventListener('pointerover', onChange);
    document.removeEventListener('focusin', onChange);
  };
}

const here = () => window.location;

/**
 * « English » on a French page, « Français » on an English one: the same page (path, query and
 * hash) in the other language, named in that language (`lang`, `hreflang`). The header is in a
 * layout, which cannot know its path: the server renders the link to the switch's route handler
 * (lib/i18n/switch.ts), which finds the page from the `Referer` without JavaScript; the browser
 * then points it at the page itself.
 */
export function LanguageSwitch({ locale }: { locale: Locale }) {
  // Re-rendered on each of the site's navigations, which change the path.
  usePathname();
  return (
    <>
      {otherLocales(locale).map((to) => (
        <SwitchLink key={to} to={to} />
      ))}
    </>
  );
}

function SwitchLink({ to }: { to: Locale }) {
  const href = useSyncExternalStore(
    subscribe,
    () => pageInLocale(here(), to),
    () => languageSwitchFallback(to),
  );
  return (
    <a
      href={href}
      hrefLang={to}
      lang={to}
      // A full page load: each language has its own root layout (`<html lang>`).
      onClick={(e) => {
        // Activated without pointing or focusing first (a screen reader's browse mode): the page now.
        e.currentTarget.href = pageInLocale(here(), to);
      }}
      className={
        'inline-flex h-10 items-center rounded-md border border-border ' +
        'px-3 text-sm font-medium text-fg no-underline hover:bg-surface-2'
      }
    >
      {languageNames[to]}
    </a>
  );
}
