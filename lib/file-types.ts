/**
 * The file types the library accepts, as data: their MIME type, extensions and French words. A leaf,
 * so that what declares or checks a file's role (a kind's document column, lib/content) need not
 * import the reading of uploads (lib/files/detect.ts, which uses it).
 */
/** The accepted types, by their canonical extension. */
export const acceptedTypes = {
  pdf: { mime: 'application/pdf', exts: ['pdf'], label: 'un PDF', advice: 'Exportez le document en PDF puis réessayez.' },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    exts: ['xlsx'],
    label: 'un classeur Excel (.xlsx)',
    advice: 'Enregistrez le classeur au format Excel (.xlsx) puis réessayez.',
  },
  xls: {
    mime: 'application/vnd.ms-excel',
    exts: ['xls'],
    label: 'un classeur Excel 97-2003 (.xls)',
    advice: 'Enregistrez le classeur au format Excel (.xlsx) puis réessayez.',
  },
  csv: {
    mime: 'text/csv',
    exts: ['csv'],
    label: 'un fichier CSV',
    advice: 'Enregistrez le tableau au format CSV depuis votre tableur puis réessayez.',
  },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    exts: ['docx'],
    label: 'un document Word (.docx)',
    advice: 'Enregistrez le document au format Word (.docx) puis réessayez.',
  },
  ods: {
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    exts: ['ods'],
    label: 'un classeur OpenDocument (.ods)',
    advice: 'Enregistrez le classeur au format OpenDocument (.ods) puis réessayez.',
  },
  zip: {
    mime: 'application/zip',
    exts: ['zip'],
    label: 'une archive ZIP',
    advice: "Créez l'archive au format ZIP (« Compresser » dans l'explorateur de fichiers) puis réessayez.",
  },
  jpg: {
    mime: 'image/jpeg',
    exts: ['jpg', 'jpeg'],
    label: 'une image JPEG',
    advice: "Enregistrez l'image en JPEG, PNG ou WebP puis réessayez.",
  },
  png: { mime: 'image/png', exts: ['png'], label: 'une image PNG', advice: "Enregistrez l'image en PNG, JPEG ou WebP puis réessayez." },
  webp: { mime: 'image/webp', exts: ['webp'], label: 'une image WebP', advice: "Enregistrez l'image en WebP, JPEG ou PNG puis réessayez." },
  gif: { mime: 'image/gif', exts: ['gif'], label: 'une image GIF', advice: "Enregistrez l'image en GIF, PNG ou JPEG puis réessayez." },
} as const;

export type AcceptedType = keyof typeof acceptedTypes;
