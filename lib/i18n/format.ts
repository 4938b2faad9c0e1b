/**
 * Dates, numbers and sizes through Intl, in the reader's language (French by default; `en` for the
 * English pages), shared by every page.
 */
import { intlLocales, type Locale } from '@/lib/i18n/locales';

const TZ = 'UTC';
type Formats = { date: Intl.DateTimeFormat; dateTime: Intl.DateTimeFormat; month: Intl.DateTimeFormat; shortMonth: Intl.DateTimeFormat };
const formats = new Map<Locale, Formats>();
function formatsOf(locale: Locale): Formats {
  let f = formats.get(locale);
  if (!f) {
    const tag = intlLocales[locale];
    f = {
      date: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: TZ }),
      dateTime: new Intl.DateTimeFormat(tag, {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: TZ,
      }),
      month: new Intl.DateTimeFormat(tag, { month: 'long', year: 'numeric', timeZone: TZ }),
      shortMonth: new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: TZ }),
    };
    formats.set(locale, f);
  }
  return f;
}

const toDate = (d: Date | string) => (typeof d === 'string' ? new Date(d.length === 10 ? `${d}T00:00:00Z` : d) : d);

/** « 3 septembre 2026 » / « 3 September 2026 » */
export const formatDate = (d: Date | string, locale: Locale = 'fr') => formatsOf(locale).date.format(toDate(d));
/** « 3 septembre 2026 à 10:00 » / « 3 September 2026 at 10:00 » */
export const formatDateTime = (d: Date | string, locale: Locale = 'fr') => formatsOf(locale).dateTime.format(toDate(d));
/** « septembre 2026 » / « September 2026 » from a period's first day. */
export const formatMonth = (d: Date | string, locale: Locale = 'fr') => formatsOf(locale).month.format(toDate(d));
/** « sept. 2026 » / « Sept 2026 » */
export const formatShortMonth = (d: Date | string, locale: Locale = 'fr') => formatsOf(locale).shortMonth.format(toDate(d));
/** ISO date for `<time datetime>`. */
export const isoDate = (d: Date | string) => toDate(d).toISOString();

/** « 1 234,5 » / « 1,234.5 » */
export function formatNumber(value: number, decimals = 1, locale: Locale = 'fr'): string {
  return new Intl.NumberFormat(intlLocales[locale], { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(value);
}

/** « +2,3 % », « −0,4 % » / « +2.3% » */
export function formatChange(percent: number, decimals = 1, locale: Locale = 'fr'): string {
  const n = new Intl.NumberFormat(intlLocales[locale], {
    signDisplay: 'exceptZero',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(percent);
  return locale === 'fr' ? `${n}\u202f%` : `${n}%`;
}

/** « 12 345 » / « 12,345 »: a count. */
export const formatCount = (n: number, locale: Locale = 'fr') => new Intl.NumberFormat(intlLocales[locale]).format(n);

const units: Readonly<Record<Locale, string[]>> = { fr: ['octets', 'Ko', 'Mo', 'Go'], en: ['bytes', 'KB', 'MB', 'GB'] };
/** « 1,2 Mo » / « 1.2 MB » (powers of 1024). */
export function formatFileSize(bytes: number, locale: Locale = 'fr'): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units[locale].length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(intlLocales[locale], { maximumFractionDigits: digits }).format(value)}\u00a0${units[locale][unit]}`;
}

const typeLabels: Record<Locale, Record<string, string>> = {
  fr: {
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
  },
  en: {
    pdf: 'PDF',
    xlsx: 'Excel (XLSX)',
    xls: 'Excel (XLS)',
    csv: 'CSV',
    docx: 'Word (DOCX)',
    ods: 'Spreadsheet (ODS)',
    zip: 'ZIP archive',
    jpg: 'JPEG image',
    jpeg: 'JPEG image',
    png: 'PNG image',
    webp: 'WebP image',
    gif: 'GIF image',
  },
};
/** Human label of a file type from its checked extension. */
export const fileTypeLabel = (ext: string, locale: Locale = 'fr') => typeLabels[locale][ext.toLowerCase()] ?? ext.toUpperCase();

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
