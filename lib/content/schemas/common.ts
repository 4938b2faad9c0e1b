/**
 * Zod pieces every edit form shares (title, slug, optional texts and dates, file ids, rich text),
 * with French messages. Only zod and the registry: the forms check the same schemas in the browser
 * that the server checks on every write.
 */
import { z } from 'zod';
import { reservedSlugs } from '@/lib/content/areas';

const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isoDate = z.iso.date();
const uuid = z.uuid();

/** Required plain text, trimmed (a tender's reference). */
export const requiredText = (max: number, label: string) =>
  z
    .string({ message: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} ne doit pas dépasser ${max} caractères.`);

/** A required title, trimmed. */
export const titleField = (label = 'Le titre', max = 300) => requiredText(max, label);

/** An optional chosen slug (absent → derived from the title by the server). */
export const slugField = () =>
  z
    .string({ message: 'Adresse : texte attendu.' })
    .trim()
    .max(200, 'L’adresse ne doit pas dépasser 200 caractères.')
    .refine(
      (v) => v === '' || slugPattern.test(v),
      'L’adresse ne peut contenir que des lettres minuscules sans accent, des chiffres et des tirets (ex. rapport-annuel-2025).',
    )
    .refine((v) => !reservedSlugs.has(v), 'Cette adresse est réservée au site : choisissez-en une autre.')
    .nullish()
    .transform((v) => v || undefined);

/** Optional plain text: trimmed, empty becomes null. */
export const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label} : texte attendu.` })
    .trim()
    .max(max, `${label} : ${max} caractères au plus.`)
    .nullish()
    .transform((v) => v || null);

/** Plain text stored as '' when absent (summaries, excerpts, descriptions). */
export const plainText = (max: number, label: string) =>
  z
    .string({ message: `${label} : texte attendu.` })
    .trim()
    .max(max, `${label} ne doit pas dépasser ${max.toLocaleString('fr-FR')} caractères.`)
    .nullish()
    .transform((v) => v ?? '');

/** Rich text as the editor sends it (sanitized by the server on every write). */
export const richText = (label = 'Texte') =>
  z
    .string({ message: `${label} : texte attendu.` })
    .max(1_000_000, `${label} : trop long (1 000 000 caractères au plus).`)
    .nullish()
    .transform((v) => v ?? '');

/** Optional ISO date (`AAAA-MM-JJ`); empty becomes null. */
export const optionalDate = (label: string) => {
  const message = `${label} : date attendue au format AAAA-MM-JJ.`;
  return z
    .string({ message })
    .refine((v) => v === '' || isoDate.safeParse(v).success, message)
    .nullish()
    .transform((v) => v || null);
};

function dateTimeText(label: string, required: boolean) {
  const missing = `${label} est obligatoire.`;
  const invalid = `${label} : date et heure attendues (JJ/MM/AAAA HH:MM).`;
  const parse = (v: string) => new Date(/(?:Z|[+-]\d{2}:\d{2})$/.test(v) ? v : `${v}Z`);
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missing : invalid) })
    .trim()
    .refine((v) => v !== '' || !required, missing)
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(parse(v).getTime())), invalid)
    .transform((v) => (v === '' ? null : parse(v)));
}

const requiredDateTime = (label: string) => dateTimeText(label, true).pipe(z.date());
const optionalDateTime = (label: string) =>
  dateTimeText(label, false)
    .nullish()
    .transform((v) => v ?? null);

/**
 * A date and time typed in the form (`AAAA-MM-JJTHH:MM`, read as UTC like every date shown) or an
 * ISO instant: a `Date`, or `null` when not required and left empty.
 */
export function dateTime(label: string, required?: true): ReturnType<typeof requiredDateTime>;
export function dateTime(label: string, required: false): ReturnType<typeof optionalDateTime>;
export function dateTime(label: string, required?: boolean): ReturnType<typeof requiredDateTime> | ReturnType<typeof optionalDateTime>;
export function dateTime(label: string, required = true) {
  return required ? requiredDateTime(label) : optionalDateTime(label);
}

/** A file of the library, by id. */
export const fileId = (message: string) => z.string({ message }).refine((v) => uuid.safeParse(v).success, message);

/** An optional file of the library (a cover, a photo); empty becomes null. */
export const optionalFileId = (message: string) =>
  z
    .string({ message })
    .refine((v) => v === '' || uuid.safeParse(v).success, message)
    .nullish()
    .transform((v) => v || null);

/** An optional cover image of the library (publications, news, events). */
export const coverField = () => optionalFileId('Image de couverture : choisissez un fichier de la bibliothèque.');

/** Ordered attachments `{ fileId, label, labelEn }` (the label in English, shown on English pages), each file once. */
export const attachmentList = (max = 100) =>
  z
    .array(
      z
        .object(
          {
            fileId: fileId('Fichier joint : choisissez un fichier de la bibliothèque.'),
            label: optionalText(200, 'Libellé du fichier'),
            labelEn: optionalText(200, 'Libellé du fichier en anglais'),
          },
          { message: 'Fichier joint : choisissez un fichier de la bibliothèque.' },
        )
        // The English label only where written: an untranslated list compares (and audits) as before.
        .transform(({ labelEn, ...file }) => (labelEn ? { ...file, labelEn } : file)),
      { message: 'Fichiers joints : liste attendue.' },
    )
    .max(max, `${max} fichiers joints au plus.`)
    .nullish()
    .transform((v) => v ?? [])
    .refine((list) => new Set(list.map((f) => f.fileId)).size === list.length, 'Un même fichier est joint deux fois : retirez le doublon.');
