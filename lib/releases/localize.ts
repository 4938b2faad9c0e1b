/** A release in the page's language, through the one rule of lib/i18n/content.ts. */
import { localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import type { Release } from './model';
import type { PublicRelease } from './queries';

const releaseFields = ['title', 'provisionalLabel', 'reason'] as const;

/**
 * A release's title, provisional window and reason in `locale` where translated (`translations` may
 * be absent: French). Its contact (issue 29) goes through `localize(row, locale, ['contact'])` where shown.
 */
export function localizedRelease<
  R extends Pick<Release, 'title' | 'provisionalLabel' | 'reason'> & { translations?: PublicRelease['translations'] | null },
>(r: R, locale: Locale) {
  return localize(r, locale, releaseFields);
}
