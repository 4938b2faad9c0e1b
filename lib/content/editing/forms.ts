/**
 * The edit form of each kind of area, described once: which fields, in which order, with which
 * widget, and the zod schema that checks them — the same schema in the browser (before sending)
 * and on the server (`lib/content/mutations/*`). An area's own fields (a law's number, signature
 * date…) come from the registry (`Area.fields`) and are added under `fields.*`. DB-free.
 */
import type { z } from 'zod';
import type { Area, AreaKind } from '@/lib/content/areas';
import { eventInputSchema } from '@/lib/content/schemas/event';
import { galleryInputSchema } from '@/lib/content/schemas/gallery';
import { newsInputSchema } from '@/lib/content/schemas/news';
import { publicationInputSchema } from '@/lib/content/schemas/publication';
import { tenderInputSchema } from '@/lib/content/schemas/tender';

export type EditableKind = Exclude<AreaKind, 'pages'>;

export type FormFieldType = 'text' | 'textarea' | 'richtext' | 'date' | 'datetime' | 'image' | 'attachments' | 'gallery';

export type FormField = {
  /** Key in the values object; `fields.number` for an area's own field. */
  name: string;
  label: string;
  type: FormFieldType;
  required?: boolean;
  hint?: string;
  /** Longest accepted text, shown as a counter. */
  max?: number;
};

const slug: FormField = {
  name: 'slug',
  label: 'Adresse (fin de l’URL)',
  type: 'text',
  hint: 'Laissez vide pour la déduire du titre. Lettres minuscules sans accent, chiffres et tirets.',
  max: 200,
};

const body = (label = 'Texte'): FormField => ({ name: 'body', label, type: 'richtext' });

const kindFields: Record<EditableKind, FormField[]> = {
  publications: [
    { name: 'title', label: 'Titre', type: 'text', required: true, max: 300 },
    slug,
    { name: 'summary', label: 'Résumé', type: 'textarea', max: 2000, hint: 'Affiché dans les listes et en tête de la page.' },
    { name: 'periodLabel', label: 'Période couverte', type: 'text', max: 100, hint: 'Par exemple « Octobre 2026 » ou « Année 2025 ».' },
    { name: 'periodStart', label: 'Début de la période', type: 'date' },
    { name: 'periodEnd', label: 'Fin de la période', type: 'date' },
    body(),
    { name: 'files', label: 'Fichiers à télécharger', type: 'attachments' },
    { name: 'coverFileId', label: 'Image de couverture', type: 'image' },
  ],
  news: [
    { name: 'title', label: 'Titre', type: 'text', required: true, max: 300 },
    slug,
    { name: 'excerpt', label: 'Chapeau', type: 'textarea', max: 500, hint: 'Deux ou trois phrases affichées dans la liste des actualités.' },
    body(),
    { name: 'coverFileId', label: 'Image de couverture', type: 'image' },
  ],
  events: [
    { name: 'title', label: 'Titre', type: 'text', required: true, max: 300 },
    slug,
    { name: 'startsAt', label: 'Début', type: 'datetime', required: true, hint: 'Heure UTC, comme les dates du site.' },
    { name: 'endsAt', label: 'Fin', type: 'datetime' },
    { name: 'place', label: 'Lieu', type: 'text', max: 200 },
    { name: 'summary', label: 'Résumé', type: 'textarea', max: 2000 },
    body('Programme et informations'),
    { name: 'coverFileId', label: 'Image', type: 'image' },
  ],
  galleries: [
    { name: 'title', label: 'Titre de l’album', type: 'text', required: true, max: 300 },
    slug,
    { name: 'takenOn', label: 'Date des photos', type: 'date' },
    { name: 'description', label: 'Description', type: 'textarea', max: 2000 },
    { name: 'images', label: 'Photos', type: 'gallery', hint: 'Dans l’ordre d’affichage ; le texte alternatif décrit la photo pour qui ne la voit pas.' },
  ],
  tenders: [
    { name: 'reference', label: 'Référence', type: 'text', required: true, max: 100, hint: 'Par exemple « AO-2026-014 ».' },
    { name: 'title', label: 'Titre', type: 'text', required: true, max: 300, hint: 'L’objet du marché, par exemple « Fourniture de matériel informatique ».' },
    slug,
    { name: 'deadlineAt', label: 'Date limite de dépôt', type: 'datetime', required: true },
    { name: 'summary', label: 'Résumé', type: 'textarea', max: 2000 },
    body('Description'),
    { name: 'files', label: 'Dossier (documents à télécharger)', type: 'attachments' },
  ],
};

/** The fields of an area's edit form, its own registry fields included (before the body). */
export function formFields(area: Area): FormField[] {
  const base = kindFields[area.kind as EditableKind];
  if (!base) throw new Error(`No edit form for ${area.kind}`);
  const own: FormField[] = (area.fields ?? []).map((f) => ({ name: `fields.${f.name}`, label: f.label, type: f.type, required: f.required, max: f.type === 'text' ? 200 : undefined }));
  if (own.length === 0) return base;
  const at = base.findIndex((f) => f.type === 'richtext');
  return [...base.slice(0, at), ...own, ...base.slice(at)];
}

/** The schema checking an area's form (same on both sides). */
export function formSchema(area: Area): z.ZodType {
  switch (area.kind) {
    case 'publications':
      return publicationInputSchema(area);
    case 'news':
      return newsInputSchema;
    case 'events':
      return eventInputSchema;
    case 'galleries':
      return galleryInputSchema;
    case 'tenders':
      return tenderInputSchema;
    default:
      throw new Error(`No edit form for ${area.kind}`);
  }
}

/** The kinds whose areas have list and edit screens. */
export const editableKinds: readonly EditableKind[] = ['publications', 'news', 'events', 'galleries', 'tenders'];

export const isEditable = (area: Area): boolean => (editableKinds as readonly string[]).includes(area.kind);
