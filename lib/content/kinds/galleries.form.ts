/** The gallery edit form: fields and schema. DB-free: the form checks it in the browser, the server on every write. */
import { z } from 'zod';
import { formEnglish, formSlug, formTitle, type FormField, type KindForm } from './form';
import { fileId, optionalDate, plainText, slugField, titleField } from '@/lib/content/schemas/common';
import { englishFields, englishText } from '@/lib/content/schemas/translations';

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
