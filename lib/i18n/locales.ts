/**
 * The languages of the public site: French (the default, without a path segment) and English
 * (under `/en/…`, issue 15). Each has one catalogue of interface strings (`./messages.ts`) and its
 * `Intl` locale for dates and numbers (`./format.ts`).
 */
export const locales = ['fr', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'fr';

/** `Intl` locale of each language: « 3 septembre 2026 », « 1 234,5 » / « 3 September 2026 », « 1,234.5 ». */
export const intlLocales: Readonly<Record<Locale, string>> = { fr: 'fr-FR', en: 'en-GB' };

export const isLocale = (value: string): value is Locale => (locales as readonly string[]).includes(value);
