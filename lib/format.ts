/** French formatting through Intl (fr-FR), shared by every page. */

const TZ = 'UTC';
const dateFmt = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: TZ });
const dateTimeFmt = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: TZ });
const monthFmt = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: TZ });

const toDate = (d: Date | string) => (typeof d === 'string' ? new Date(d.length === 10 ? `${d}T00:00:00Z` : d) : d);

/** « 3 septembre 2026 » */
export const formatDate = (d: Date | string) => dateFmt.format(toDate(d));
/** « 3 septembre 2026 à 10:00 » */
export const formatDateTime = (d: Date | string) => dateTimeFmt.format(toDate(d));
/** « septembre 2026 » from a period's first day. */
export const formatMonth = (d: Date | string) => monthFmt.format(toDate(d));
/** ISO date for `<time datetime>`. */
export const isoDate = (d: Date | string) => toDate(d).toISOString();

/** « 1 234,5 » */
export function formatNumber(value: number, decimals = 1): string {
  return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** « +2,3 % », « −0,4 % » */
export function formatChange(percent: number, decimals = 1): string {
  return new Intl.NumberFormat('fr-FR', { signDisplay: 'exceptZero', minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(percent) + '\u202f%';
}

const units = ['octets', 'Ko', 'Mo', 'Go'];
/** « 1,2 Mo » (powers of 1024, French units). */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: digits }).format(value)}\u00a0${units[unit]}`;
}

const typeLabels: Record<string, string> = {
  pdf: 'PDF',
  xlsx: 'Excel (XLSX)',
  xls: 'Excel (XLS)',
  csv: 'CSV',
  docx: 'Word (DOCX)',
  ods: 'Tableur (ODS)',
  zip: 'Archive ZIP',
  jpg: 'Image JPEG',
  jpeg: 'Image JPEG',
  png: 'Image PNG',
  webp: 'Image WebP',
  gif: 'Image GIF',
};
/** Human label of a file type from its checked extension. */
export const fileTypeLabel = (ext: string) => typeLabels[ext.toLowerCase()] ?? ext.toUpperCase();

/**
 * Search results cut titles past ~70 characters: a long title is shortened at a word, with « … ».
 * Straight apostrophes become French ones (’), which HTML need not escape; the length counts
 * what the page's HTML holds (`&` is written `&amp;`).
 */
export function shortTitle(title: string, suffix: string, max = 70): string {
  const text = title.replace(/'/g, '’');
  const length = (t: string) => t.length + 4 * (t.match(/&/g)?.length ?? 0);
  if (length(text) + length(suffix) <= max) return `${text}${suffix}`;
  let cut = text.slice(0, max - length(suffix) - 1);
  while (length(cut) + length(suffix) + 1 > max) cut = cut.slice(0, -1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), Math.floor(cut.length * 0.6))).replace(/[\s,;:–-]+$/, '');
  return `${atWord}…${suffix}`;
}
