/**
 * What an edit form is made of, for every kind: its fields (which widget, in which order) and the
 * zod schema that checks them on every write. Each kind's module (`<kind>.ts`) builds its form on
 * it; the server hands the fields (plain objects) to the browser form, which imports types only.
 */
import type { z } from 'zod';
import type { Area } from '@/lib/content/areas';
import { englishName } from '@/lib/content/schemas/translations';

export type FormFieldType = 'text' | 'textarea' | 'richtext' | 'date' | 'datetime' | 'image' | 'document' | 'attachments' | 'gallery';

export type FormField = {
  /** Key in the values object; `fields.number` for an area's own field. */
  name: string;
  label: string;
  type: FormFieldType;
  required?: boolean;
  hint?: string;
  /** Longest accepted text, shown as a counter. */
  max?: number;
  /** A `document` field: the file types its picker lists (keys of lib/files/detect.ts, `pdf`); the server checks the same (`Kind.fileColumns`). */
  accept?: readonly string[];
  /**
   * `en` for the English version of a French field (`en.title`): shown in the form's « Version
   * anglaise » group, with `lang="en"` so that spell-checkers read English.
   */
  lang?: 'en';
};

/** The DB-free half of a kind: its form. */
export type KindForm = {
  /** The kind's own fields; an area's registry fields are added by `formFields`. */
  fields: readonly FormField[];
  /** The schema checking the form for one of the kind's areas (a publication area decides its own fields). */
  schema(area: Area): z.ZodType;
};

/** The slug field every kind's form has. */
export const formSlug: FormField = {
  name: 'slug',
  label: 'Adresse (fin de l’URL)',
  type: 'text',
  hint: 'Laissez vide pour la déduire du titre. Lettres minuscules sans accent, chiffres et tirets.',
  max: 200,
};

/** The title field most kinds' forms start with. */
export const formTitle = (label = 'Titre'): FormField => ({ name: 'title', label, type: 'text', required: true, max: 300 });

/** The rich-text body. */
export const formBody = (label = 'Texte'): FormField => ({ name: 'body', label, type: 'richtext' });

/**
 * The English versions of some of a form's French fields (`title` → `en.title`, « Titre en
 * anglais »), never required: an empty one shows the French text on the English page.
 */
export const formEnglish = (fields: readonly FormField[]): FormField[] =>
  fields.map((f) => ({ name: englishName(f.name), label: `${f.label} en anglais`, type: f.type, max: f.max, lang: 'en' }));
