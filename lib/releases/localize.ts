/** A release in the page's language, through the one rule of lib/i18n/content.ts. */
import { localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import type { Release } from './model';
import type { PublicRelease } from './queries';

const releaseFields = ['title', 'provisionalLabel', 'reason', 'contact'] as const;

/** A release's title, provisional window, reason and contact in `locale` where translated (`translations` may be absent: French). */
export function localizedRelease<
  R extends Pick<Release, 'title' | 'provisionalLabel' | 'reason' | 'contact'> & { translations?: PublicRelease['translations'] | null },
>(r: R, locale: Locale) {
  return localize(r, locale, releaseFields);
}
