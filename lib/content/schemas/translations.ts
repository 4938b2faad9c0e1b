/**
 * The English side of the edit forms (issue 15): every kind's form has an optional « Version
 * anglaise » beside its French fields, sent as `en.title`, `en.body`… and checked here, with French
 * messages. Each English field is optional, trimmed, no longer than its French column; an empty one
 * (`''`, or null) means « no translation » (the English page then shows the French text), while a
 * field not sent at all stays `undefined`: the writes keep its stored translation (issue 30).
 * DB-free, like the other schemas: the forms check these in the browser, the mutations on the server.
 */
import { z } from 'zod';

/** The prefix of the English fields' names in forms: `en.title`. */
export const englishPrefix = 'en.';

/** The name of a form's English field for a French column: `title` → `en.title`. */
export const englishName = (field: string) => `${englishPrefix}${field}`;

/** Not sent stays `undefined` (the stored translation is kept); null or blank becomes `''` (it is cleared). */
const sentOrNot = (v: string | null | undefined): string | undefined =>
  v === undefined ? undefined : v === null || v.trim() === '' ? '' : v;

/** An optional English plain text: trimmed, at most `max` characters; `''` clears it, `undefined` leaves it. */
export const englishText = (max: number, label: string) =>
  z
    .string({ message: `${label} en anglais : texte attendu.` })
    .trim()
    .max(max, `${label} en anglais ne doit pas dépasser ${max.toLocaleString('fr-FR')} caractères.`)
    .nullish()
    .transform(sentOrNot);

/**
 * An optional English rich text as the editor sends it (sanitized by the server like the French
 * one); `''` clears it, `undefined` leaves it.
 */
export const englishRichText = (label = 'Le texte') =>
  z
    .string({ message: `${label} en anglais : texte attendu.` })
    .max(1_000_000, `${label} en anglais : trop long (1 000 000 caractères au plus).`)
    .nullish()
    .transform(sentOrNot);

/**
 * The `en` object of a form: the English fields given in `shape` (each built with `englishText`
 * or `englishRichText`). `undefined` when the input has no `en` at all: the write then leaves the
 * stored English as it was (a form sends its English fields even blank, see `formDataToObject`).
 */
export const englishFields = <S extends Record<string, z.ZodType<string | undefined, unknown>>>(shape: S) =>
  z
    .object(shape, { message: 'Version anglaise : formulaire illisible, rechargez la page.' })
    .partial()
    .nullish()
    .transform((v) => v ?? undefined);

/**
 * What an `en` object of a form holds once checked: English text per French column; `''` for a
 * field cleared, the field absent (or `undefined`) when it was not sent.
 */
export type EnglishValues<F extends string = string> = Partial<Record<F, string | undefined>>;

/**
 * Form fields sent flat (`FormData`: `en.title`) nested as the schemas read them (`{ en: { title } }`).
 * Other keys are left as they are.
 */
export function nestEnglish(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = {};
  let en: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(input)) {
    if (key.startsWith(englishPrefix)) (en ??= {})[key.slice(englishPrefix.length)] = value;
    else out[key] = value;
  }
  if (en) out.en = { ...(typeof out.en === 'object' && out.en !== null ? out.en : {}), ...en };
  return out;
}

/** A schema reading a flat form (`FormData`, `en.title` keys): the English fields nested first. */
export const fromFlatForm = <S extends z.ZodType>(schema: S) => z.preprocess(nestEnglish, schema);
