/**
 * Storing and auditing the English text of any content (issue 15): the checked `en` values of a
 * form become the `translations` column (`{ en: { title, body… } }`, `{}` when nothing is
 * translated), English rich text sanitized like the French; and an audit entry records the English
 * fields that changed as `en.title`, `en.body`…, beside the French ones.
 */
import { isDeepStrictEqual } from 'node:util';
import { sanitizeRichText } from '@/lib/content/html';
import type { EnglishValues } from '@/lib/content/schemas/translations';
import { hasRichContent } from '@/lib/content/schemas/institution';
import type { Translations } from '@/lib/db/schema';

/**
 * The `translations` column for a form's checked English values. Blank fields are left out (the
 * English page shows the French one); `rich` names the fields holding rich text, sanitized with the
 * French body's allowlist and left out when nothing readable remains (an empty paragraph is no
 * translation).
 */
export function storedTranslations<F extends string>(en: EnglishValues<F> | null | undefined, rich: readonly F[] = []): Translations<F> {
  return mergedTranslations({}, en, rich);
}

/**
 * The `translations` column after a write that sent `en`: each English field sent replaces the
 * stored one (blank clears it), each field not sent (`undefined`, or no `en` at all) keeps it. A
 * write changes only what its caller sent (issue 30). `rich` as for `storedTranslations`.
 */
export function mergedTranslations<F extends string>(
  current: Translations<F> | null | undefined,
  en: EnglishValues<F> | null | undefined,
  rich: readonly F[] = [],
): Translations<F> {
  const out = { ...(current?.en ?? {}) } as Partial<Record<F, string>>;
  for (const [field, raw] of Object.entries(en ?? {}) as [F, string | undefined][]) {
    if (typeof raw !== 'string') continue;
    const value = rich.includes(field) ? sanitizeRichText(raw) : raw.trim();
    if (rich.includes(field) ? hasRichContent(value) : value !== '') out[field] = value;
    else delete out[field];
  }
  return Object.keys(out).length > 0 ? { en: out } : {};
}

/** The English fields of a `translations` value as an audit entry keeps them: `{ 'en.title': … }`. */
export function englishAudit(translations: Translations<string> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(translations?.en ?? {}).map(([field, value]) => [`en.${field}`, value as string]));
}

/**
 * The English fields that differ between two `translations` values, keyed `en.title`, with null for
 * a field without translation: what an audit entry's `before` and `after` keep.
 */
export function englishChanges(
  before: Translations<string> | null | undefined,
  after: Translations<string> | null | undefined,
): { before: Record<string, string | null>; after: Record<string, string | null> } {
  const was: Partial<Record<string, string>> = before?.en ?? {};
  const now: Partial<Record<string, string>> = after?.en ?? {};
  const changes = { before: {} as Record<string, string | null>, after: {} as Record<string, string | null> };
  for (const field of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (isDeepStrictEqual(was[field] ?? null, now[field] ?? null)) continue;
    changes.before[`en.${field}`] = was[field] ?? null;
    changes.after[`en.${field}`] = now[field] ?? null;
  }
  return changes;
}

/** The same translations without some English fields (a French text replaced makes its translation stale). */
export function withoutEnglish<F extends string>(translations: Translations<F> | null | undefined, fields: readonly F[]): Translations<F> {
  const en = { ...(translations?.en ?? {}) } as Partial<Record<F, string>>;
  for (const field of fields) delete en[field];
  return Object.keys(en).length > 0 ? { en } : {};
}
