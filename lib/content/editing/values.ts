/**
 * The values an edit form holds (what the server sends to fill it) and how they become the input
 * the kind's schema checks. DB-free: used by the server screens and the browser form alike.
 */
import type { FieldErrors } from '@/lib/errors';
import type { FormField } from '@/lib/content/kinds/form';
import { englishPrefix, nestEnglish } from '@/lib/content/schemas/translations';

/** A file of the library chosen in a form. */
export type ChosenFile = { id: string; name: string; url: string };
/** An attached file as its form edits it: its label, and its label in English (`labelEn`, issue 29). */
export type AttachmentValue = { file: ChosenFile; label: string; labelEn?: string };
/** A gallery photo as its form edits it: caption and description, and their English (issue 29). */
export type GalleryImageValue = { file: ChosenFile; caption: string; alt: string; captionEn?: string; altEn?: string };

export type FieldValue = string | ChosenFile | null | AttachmentValue[] | GalleryImageValue[];
/** Keyed by `FormField.name` (`fields.number` for an area's own field). */
export type FormValues = Record<string, FieldValue>;

/** What the edit screen shows besides the fields. */
export type ItemMeta = {
  id: number;
  version: number;
  status: 'draft' | 'scheduled' | 'published' | 'archived';
  trashed: boolean;
  publishedAt: string | null;
  updatedAt: string;
  updatedByName: string | null;
  createdByName: string | null;
  /** Its review (lib/review): where it stands, who wrote it last, who took the last review step and when, and why it was sent back. */
  review: 'none' | 'submitted' | 'approved';
  editedById: string | null;
  editedByName: string | null;
  reviewedByName: string | null;
  reviewedAt: string | null;
  reviewNote: string | null;
};

/** A stored instant as a `datetime-local` value, in UTC like every date the site shows. */
export function toDateTimeInput(d: Date | string | null | undefined): string {
  if (!d) return '';
  const date = typeof d === 'string' ? new Date(d) : d;
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

/** Empty values of a form, for a new item. */
export function emptyValues(fields: FormField[]): FormValues {
  return Object.fromEntries(
    fields.map((f) => [
      f.name,
      f.type === 'attachments' || f.type === 'gallery' ? [] : f.type === 'image' || f.type === 'document' ? null : '',
    ]),
  );
}

/** The form's values as the schema's input: files by id, `fields.x` nested under `fields`, `en.x` under `en`. */
export function toInput(fields: FormField[], values: FormValues): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const own: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    let out: unknown;
    if (f.type === 'image' || f.type === 'document') out = (v as ChosenFile | null)?.id ?? null;
    else if (f.type === 'attachments')
      out = ((v as AttachmentValue[]) ?? []).map((a) => ({ fileId: a.file.id, label: a.label, labelEn: a.labelEn ?? '' }));
    else if (f.type === 'gallery')
      out = ((v as GalleryImageValue[]) ?? []).map((i) => ({
        fileId: i.file.id,
        caption: i.caption,
        alt: i.alt,
        captionEn: i.captionEn ?? '',
        altEn: i.altEn ?? '',
      }));
    else out = v ?? '';
    if (f.name.startsWith('fields.')) own[f.name.slice('fields.'.length)] = out;
    else input[f.name] = out;
  }
  if (fields.some((f) => f.name.startsWith('fields.'))) input.fields = own;
  return nestEnglish(input) as Record<string, unknown>;
}

/** A saved row's English text as the form's values: `{ 'en.title': … }` (fields without translation absent, shown empty). */
export function englishValues(translations: { en?: Partial<Record<string, string>> } | null | undefined): FormValues {
  return Object.fromEntries(Object.entries(translations?.en ?? {}).map(([field, value]) => [`${englishPrefix}${field}`, value ?? '']));
}

/** The first error of a field or of anything under it (`files` covers `files.2.label`). */
export function errorUnder(errors: FieldErrors, name: string): string | undefined {
  if (errors[name]?.[0]) return errors[name][0];
  const prefix = `${name}.`;
  for (const [key, list] of Object.entries(errors)) if (key.startsWith(prefix) && list[0]) return list[0];
  return undefined;
}
