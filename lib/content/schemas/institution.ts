/**
 * The schemas of `/admin/about` and of the area introductions: the institute's identity, the two
 * institutional texts (`mission`, `mot_du_dg`) and an area's introduction (`intro:{slug}`), with
 * French messages. DB-free: the forms check them in the browser before sending, the mutations
 * (lib/content/mutations/institution.ts) on the server.
 */
import { z } from 'zod';
import { getArea, type Area } from '@/lib/content/areas';
import { optionalFileId, optionalText, richText, titleField } from './common';
import { englishFields, englishRichText, englishText, type EnglishValues } from './translations';

// ─── Keys of the pages ─────────────────────────────────────────────────────────────────────

/** The institutional texts edited in /admin/about. */
export const institutionalPageKeys = ['mission', 'mot_du_dg', 'accessibilite'] as const;
export type InstitutionalPageKey = (typeof institutionalPageKeys)[number];

/** The key of an area's introduction: `intro:ipc`. */
export const introKey = (areaSlug: string) => `intro:${areaSlug}`;

/**
 * The area whose introduction this key is (`intro:ipc` → IPC), or null. Every area of the registry
 * has one, except the institutional texts, which are pages themselves.
 */
export function introArea(key: string): Area | null {
  if (!key.startsWith('intro:')) return null;
  const area = getArea(key.slice('intro:'.length));
  return area && area.kind !== 'pages' ? area : null;
}

// ─── Pieces ────────────────────────────────────────────────────────────────────────────────

/** The `version` a form was loaded with (0: the page does not exist yet). */
export const versionField = z.coerce
  .number({ message: 'Version du formulaire manquante : rechargez la page.' })
  .int('Version du formulaire invalide : rechargez la page.')
  .min(0, 'Version du formulaire invalide : rechargez la page.');

const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} est obligatoire.` })
    .trim()
    .min(1, `${label} est obligatoire.`)
    .max(max, `${label} ne doit pas dépasser ${max} caractères.`);

const emailCheck = z.email();
const phoneAllowed = /^\+?[\d\s().\/-]+$/;

/** An optional email address (empty becomes null). */
const optionalEmail = z
  .string({ message: 'Adresse électronique : texte attendu.' })
  .trim()
  .max(254, 'L’adresse électronique ne doit pas dépasser 254 caractères.')
  .refine((v) => v === '' || emailCheck.safeParse(v).success, 'Adresse électronique invalide : elle doit avoir la forme nom@domaine.org.')
  .nullish()
  .transform((v) => v || null);

/** An optional phone number as it is shown (« +999 20 31 45 67 »); empty becomes null. */
const optionalPhone = z
  .string({ message: 'Téléphone : texte attendu.' })
  .trim()
  .max(40, 'Le téléphone ne doit pas dépasser 40 caractères.')
  .refine(
    (v) => v === '' || phoneAllowed.test(v),
    'Téléphone : utilisez des chiffres, des espaces et au besoin un + au début, des points, tirets ou parenthèses (ex. +999 20 31 45 67).',
  )
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return v === '' || !phoneAllowed.test(v) || (digits >= 6 && digits <= 20);
  }, 'Téléphone : le numéro doit compter entre 6 et 20 chiffres.')
  .nullish()
  .transform((v) => v || null);

/** True for an absolute `http:` or `https:` URL with a host. */
function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

export const maxSocialLinks = 10;

const socialLink = z.object(
  {
    label: requiredText('Le libellé du lien', 60),
    url: z
      .string({ message: 'L’adresse du lien est obligatoire.' })
      .trim()
      .min(1, 'L’adresse du lien est obligatoire.')
      .max(500, 'L’adresse du lien ne doit pas dépasser 500 caractères.')
      .refine(
        isWebUrl,
        'Adresse du lien invalide : elle doit commencer par https:// (ou http://), par exemple https://www.facebook.com/institut.',
      ),
  },
  { message: 'Lien : libellé et adresse attendus.' },
);

/** A link row left entirely blank (dropped, in the browser and on the server alike). */
export const isBlankSocialLink = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  ['label', 'url'].every((k) => {
    const x = (v as Record<string, unknown>)[k];
    return x === undefined || x === null || (typeof x === 'string' && x.trim() === '');
  });

/**
 * The social links, in order. A form sends them as a JSON string (one hidden field) or an array;
 * rows left entirely blank are dropped; at most ten, each address once.
 */
const socialLinksField = z.preprocess(
  (v) => {
    let list = v;
    if (typeof v === 'string') {
      try {
        list = JSON.parse(v);
      } catch {
        return v;
      }
    }
    return Array.isArray(list) ? list.filter((row) => !isBlankSocialLink(row)) : (list ?? []);
  },
  z
    .array(socialLink, { message: 'Liens des réseaux sociaux : liste attendue.' })
    .max(maxSocialLinks, `${maxSocialLinks} liens au plus : retirez-en un.`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((link, i) => {
        if (seen.has(link.url))
          ctx.addIssue({ code: 'custom', path: [i, 'url'], message: 'Ce lien figure déjà plus haut : retirez le doublon.' });
        seen.add(link.url);
      });
    }),
);

// ─── Identity ──────────────────────────────────────────────────────────────────────────────

/**
 * The institute's identity as the form sends it (header, footer, metadata of every page), with the
 * optional English name and tagline (`en.name`, `en.tagline`) the English pages show.
 */
export const identityInputSchema = z.object({
  name: requiredText('Le nom de l’institut', 200),
  acronym: requiredText('Le sigle', 20),
  country: requiredText('Le pays', 120),
  tagline: optionalText(300, 'Devise'),
  logoFileId: optionalFileId('Logo : choisissez une image de la bibliothèque.'),
  address: optionalText(500, 'Adresse'),
  phone: optionalPhone,
  email: optionalEmail,
  socialLinks: socialLinksField,
  en: englishFields({ name: englishText(200, 'Le nom de l’institut'), tagline: englishText(300, 'La devise') }),
});

export type IdentityInput = z.input<typeof identityInputSchema>;
export type IdentityValues = z.output<typeof identityInputSchema>;

// ─── Pages ─────────────────────────────────────────────────────────────────────────────────

/** True when a rich text has something to read (text or an image), not just empty paragraphs. */
export function hasRichContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;|\u00a0/g, ' ')
      .trim() !== ''
  );
}

const requiredBody = richText('Le texte').refine(hasRichContent, 'Le texte est obligatoire : écrivez au moins une phrase.');

/** The English version of an institutional text (`en.title`, `en.body`), optional. */
const pageEnglish = englishFields({ title: englishText(200, 'Le titre'), body: englishRichText('Le texte') });

/** « Missions »: the presentation of the institute. */
export const missionInputSchema = z.object({
  title: titleField('Le titre', 200),
  body: requiredBody,
  en: pageEnglish,
});

/** « Mot du Directeur général », with his photo. */
export const directorWordInputSchema = z.object({
  title: titleField('Le titre', 200),
  body: requiredBody,
  photoFileId: optionalFileId('Photo : choisissez une image de la bibliothèque.'),
  en: pageEnglish,
});

/** An area's introduction; empty means the area's description from the registry is shown instead (in English too). */
export const areaIntroInputSchema = z.object({
  body: richText('L’introduction'),
  en: englishFields({ body: englishRichText('L’introduction') }),
});

export type PageValues = { title?: string; body: string; photoFileId?: string | null; en?: EnglishValues<'title' | 'body'> };

/** The schema of the page with this key (`mission`, `mot_du_dg`, `intro:{area}`), or null for an unknown key. */
export function pageInputSchema(key: string): z.ZodType<PageValues> | null {
  if (key === 'mission' || key === 'accessibilite') return missionInputSchema;
  if (key === 'mot_du_dg') return directorWordInputSchema;
  return introArea(key) ? areaIntroInputSchema : null;
}

export type MissionInput = z.input<typeof missionInputSchema>;
export type DirectorWordInput = z.input<typeof directorWordInputSchema>;
export type AreaIntroInput = z.input<typeof areaIntroInputSchema>;
export type PageInput = MissionInput | DirectorWordInput | AreaIntroInput;
