/** Photo galleries: what the kind is (see `Kind`). The photos are its ordered list; a gallery shows on `/gallery`. */
import { asc, eq } from 'drizzle-orm';
import { kindTags } from '@/lib/cache/tags';
import { getArea } from '@/lib/content/areas';
import { englishValues, type GalleryImageValue } from '@/lib/content/editing/values';
import { storedTranslations } from '@/lib/content/mutations/translations';
import { galleryColumns, listGalleries, withImages } from '@/lib/content/queries/galleries';
import { fileUrl } from '@/lib/content/addresses';
import { files, galleries, galleryImages, type Translations } from '@/lib/db/schema';
import { defineKind, filingYear, type OwnedList } from './kind';
import { z } from 'zod';
import { formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { fileId, optionalDate, plainText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishText } from '@/lib/content/schemas/translations';

// ─── Its edit form: fields and schema (the server hands the fields to the browser form) ───

const pickImage = 'Image : choisissez une image de la bibliothèque.';

/** The photos of a gallery, in the order shown, each file once. */
const galleryImageList = (max = 200) =>
  z
    .array(
      z
        .object(
          {
            fileId: fileId(pickImage),
            caption: plainText(300, 'La légende'),
            alt: plainText(300, 'Le texte alternatif'),
            captionEn: plainText(300, 'La légende en anglais'),
            altEn: plainText(300, 'Le texte alternatif en anglais'),
          },
          { message: pickImage },
        )
        // The English only where written: an untranslated gallery compares (and audits) as before.
        .transform(({ captionEn, altEn, ...image }) => ({ ...image, ...(captionEn ? { captionEn } : {}), ...(altEn ? { altEn } : {}) })),
      { message: 'Images : liste attendue.' },
    )
    .max(max, `${max} images au plus par galerie : répartissez les autres dans une deuxième galerie.`)
    .nullish()
    .transform((v) => v ?? [])
    .refine(
      (list) => new Set(list.map((i) => i.fileId)).size === list.length,
      'Une même image figure deux fois dans la galerie : retirez le doublon.',
    );

/**
 * A gallery as the form sends it. Checking that the slug and the images are available happens on
 * the server.
 */
export const galleryInputSchema = z.object({
  title: titleField('Le titre'),
  slug: slugField(),
  description: plainText(2000, 'La description'),
  takenOn: optionalDate('Date des photos'),
  images: galleryImageList(200),
  en: englishFields({ title: englishText(300, 'Le titre'), description: englishText(2000, 'La description') }),
});

/** What a form sends for a gallery. */
export type GalleryInput = z.input<typeof galleryInputSchema>;
/** The same, checked and normalised. */
export type GalleryValues = z.output<typeof galleryInputSchema>;

/** The gallery form. */
const title = formTitle('Titre de l’album');
const description: FormField = { name: 'description', label: 'Description', type: 'textarea', max: 2000 };

export const galleryForm: KindForm = {
  fields: [
    title,
    formSlug,
    { name: 'takenOn', label: 'Date des photos', type: 'date' },
    description,
    {
      name: 'images',
      label: 'Photos',
      type: 'gallery',
      hint: 'Dans l’ordre d’affichage ; le texte alternatif décrit la photo pour qui ne la voit pas.',
    },
    ...formEnglish([title, description]),
  ],
  schema: () => galleryInputSchema,
};

type ImageValue = GalleryValues['images'][number];

/** A photo's English caption and description as stored (`translations`), only those written. */
function photoTranslations(image: ImageValue): Translations<'caption' | 'alt'> {
  const en = { ...(image.captionEn ? { caption: image.captionEn } : {}), ...(image.altEn ? { alt: image.altEn } : {}) };
  return Object.keys(en).length ? { en } : {};
}

/** The photos of a gallery, in order, replaced as a whole when they change. */
const images: OwnedList<GalleryValues> = {
  field: 'images',
  table: galleryImages,
  owner: galleryImages.galleryId,
  file: galleryImages.fileId,
  of: (values) => values.images,
  read: async (db, id) =>
    (
      await db
        .select({
          fileId: galleryImages.fileId,
          caption: galleryImages.caption,
          alt: galleryImages.alt,
          translations: galleryImages.translations,
        })
        .from(galleryImages)
        .where(eq(galleryImages.galleryId, id))
        .orderBy(asc(galleryImages.position), asc(galleryImages.id))
    ).map(({ translations, ...image }) => ({
      ...image,
      // Only where written: an audit entry of an untranslated gallery reads as before.
      ...(translations.en?.caption ? { captionEn: translations.en.caption } : {}),
      ...(translations.en?.alt ? { altEn: translations.en.alt } : {}),
    })),
  async write(tx, id, list) {
    await tx.delete(galleryImages).where(eq(galleryImages.galleryId, id));
    if (list.length === 0) return;
    await tx.insert(galleryImages).values(
      (list as ImageValue[]).map((image, position) => ({
        galleryId: id,
        fileId: image.fileId,
        caption: image.caption,
        alt: image.alt,
        translations: photoTranslations(image),
        position,
      })),
    );
  },
};

export const galleryKind = defineKind({
  name: 'galleries',
  table: galleries,
  entity: 'gallery',
  words: {
    noun: 'Galerie',
    plural: 'Galeries',
    this: 'cette galerie',
    pronoun: 'la',
    feminine: true,
    en: { noun: 'Gallery', plural: 'Galleries' },
  },
  area: { slug: 'galleries' },
  tags: (row) => kindTags('galleries', row, { itemPages: false }),

  form: galleryForm,
  schema: () => galleryInputSchema,
  columns: (v) => ({ title: v.title, description: v.description, takenOn: v.takenOn, translations: storedTranslations(v.en) }),
  fileRefs: (v) => ({ images: v.images.map((i) => i.fileId) }),
  owned: images,

  adminList: { yearOf: filingYear(galleries), search: [galleries.title] },
  publicUrl: () => getArea('galleries')?.publicPath ?? null,
  async editValues(db, row) {
    const photos = await db
      .select({
        fileId: galleryImages.fileId,
        caption: galleryImages.caption,
        alt: galleryImages.alt,
        translations: galleryImages.translations,
        name: files.name,
      })
      .from(galleryImages)
      .innerJoin(files, eq(files.id, galleryImages.fileId))
      .where(eq(galleryImages.galleryId, row.id))
      .orderBy(asc(galleryImages.position), asc(galleryImages.id));
    return {
      title: row.title,
      slug: row.slug,
      takenOn: row.takenOn ?? '',
      description: row.description,
      images: photos.map((i): GalleryImageValue => ({
        file: { id: i.fileId, name: i.name, url: fileUrl({ id: i.fileId, name: i.name }) },
        caption: i.caption,
        alt: i.alt,
        ...(i.translations.en?.caption ? { captionEn: i.translations.en.caption } : {}),
        ...(i.translations.en?.alt ? { altEn: i.translations.en.alt } : {}),
      })),
      ...englishValues(row.translations),
    };
  },
  async preview(db, id) {
    const [row] = await db
      .select({ ...galleryColumns, status: galleries.status, deletedAt: galleries.deletedAt })
      .from(galleries)
      .where(eq(galleries.id, id))
      .limit(1);
    if (!row) return null;
    const [gallery] = await withImages(db, [row]);
    return gallery ? { ...gallery, area: 'galleries' } : null;
  },
  site: { list: (db, { now }) => listGalleries(db, { now }) },
});
