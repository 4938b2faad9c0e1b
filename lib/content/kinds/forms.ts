/**
 * The DB-free index of kinds: each kind's edit form (fields and schema), for the browser form and
 * the server alike. The server's index (`./index.ts`) is typed by these names, so a kind listed here
 * without its server module (or the reverse) does not compile. An area's own fields (a law's number,
 * signature date…) come from the registry (`Area.fields`) and are added under `fields.*`.
 */
import type { z } from 'zod';
import type { Area } from '@/lib/content/areas';
import { eventForm } from './events.form';
import type { FormField, KindForm } from './form';
import { galleryForm } from './galleries.form';
import { isKindName, type KindName } from './names';
import { newsForm } from './news.form';
import { pressReleaseForm } from './press-releases.form';
import { publicationForm } from './publications.form';
import { tenderForm } from './tenders.form';

export type { FormField, FormFieldType } from './form';

export { isKindName, kindNames, type KindName } from './names';

export const kindForms = {
  publications: publicationForm,
  news: newsForm,
  events: eventForm,
  galleries: galleryForm,
  tenders: tenderForm,
  'press-releases': pressReleaseForm,
} as const satisfies Record<KindName, KindForm>;

/** Whether an area's items are listed and edited in the back-office (institutional pages are not: /admin/about). */
export const isEditable = (area: Area): boolean => isKindName(area.kind);

function formOf(area: Area): KindForm {
  if (!isKindName(area.kind)) throw new Error(`No edit form for ${area.kind}`);
  return kindForms[area.kind];
}

/** The fields of an area's edit form, its own registry fields included (before the body). */
export function formFields(area: Area): FormField[] {
  const base = [...formOf(area).fields];
  const own: FormField[] = (area.fields ?? []).map((f) => ({
    name: `fields.${f.name}`,
    label: f.label,
    type: f.type,
    required: f.required,
    max: f.type === 'text' ? 200 : undefined,
  }));
  if (own.length === 0) return base;
  const at = base.findIndex((f) => f.type === 'richtext');
  return [...base.slice(0, at), ...own, ...base.slice(at)];
}

/** The schema checking an area's form (same on both sides). */
export function formSchema(area: Area): z.ZodType {
  return formOf(area).schema(area);
}
