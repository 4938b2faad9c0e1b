/**
 * Which areas readers can subscribe to: the statistics and publications areas of the registry that
 * have a public page (indices, trade, publications), the ones the release calendar announces.
 */
import { areasOfSection, areaTexts, getArea, type Area } from '@/lib/content/areas';
import type { Locale } from '@/lib/i18n/locales';

/** The areas of the form, in registry order. */
export function alertAreas(): Area[] {
  return (['indices', 'commerce', 'publications'] as const).flatMap((s) => areasOfSection(s));
}

/** Whether `slug` can be subscribed to. */
export const isAlertArea = (slug: string): boolean => alertAreas().some((a) => a.slug === slug);

/** The area's name in `locale` (the slug itself for an area that left the registry). */
export function alertAreaLabel(slug: string, locale: Locale): string {
  const a = getArea(slug);
  return a ? areaTexts(a, locale).menuLabel : slug;
}
