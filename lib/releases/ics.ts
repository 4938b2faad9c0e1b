/**
 * The release calendar as iCalendar (RFC 5545): every event with a start and an end (30 minutes),
 * in UTC, a UID that never changes, a SEQUENCE that rises on every change, STATUS TENTATIVE
 * (provisional), CONFIRMED or CANCELLED, and the release page's URL. Lines folded at 75 octets,
 * text escaped. What ONS's feed lacks (end, SEQUENCE, time zone, escaping), this one has.
 */
import type { Release } from './model';
import { releasePath } from '@/lib/content/addresses';
import type { Locale } from '@/lib/i18n/locales';
import { localize } from '@/lib/i18n/content';
import { localePath } from '@/lib/i18n/paths';
import { localizedRelease } from './localize';
import type { PublicRelease } from './queries';

const EVENT_MINUTES = 30;

/** `20261212T084500Z` */
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
export const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Folds a content line at 75 octets (UTF-8), continuation lines starting with a space. */
export function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const n = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (size + n > limit) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const icsStatus = (r: Release) => (r.status === 'cancelled' ? 'CANCELLED' : r.status === 'announced' ? 'TENTATIVE' : 'CONFIRMED');

/** The feed's fixed words per language (French: as the feed always wrote them). */
const icsWords: Readonly<Record<Locale, { product: string; provisional: (label: string) => string; contact: (c: string) => string }>> = {
  fr: { product: 'Calendrier des parutions//FR', provisional: (l) => `Date provisoire : ${l}.`, contact: (c) => `Contact : ${c}` },
  en: { product: 'Release calendar//EN', provisional: (l) => `Provisional date: ${l}.`, contact: (c) => `Contact: ${c}` },
};

/**
 * The releases as an iCalendar document, in `locale` (French by default): in English, each
 * release's texts where translated — a title still in French says so (`LANGUAGE=fr`) — and links to
 * the English release pages.
 */
export function releasesToIcs(
  list: (Release & { translations?: PublicRelease['translations'] | null })[],
  { site, name, host, locale = 'fr' }: { site: string; name: string; host: string; locale?: Locale },
): string {
  const w = icsWords[locale];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(name)}//${w.product}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  if (locale !== 'fr') lines.push(`X-WR-CALDESC;LANGUAGE=${locale}:${escapeText(name)}`);
  for (const item of list) {
    let r: Release = item;
    let titleLang = '';
    if (locale !== 'fr') {
      const l = localizedRelease(item, locale);
      const contact = localize({ contact: item.contact, translations: item.translations }, locale, ['contact']).contact;
      r = { ...item, title: l.title, provisionalLabel: l.provisionalLabel, reason: l.reason, contact };
      if (l.langOf('title') !== locale) titleLang = `;LANGUAGE=${l.langOf('title')}`;
    }
    const end = new Date(r.scheduledAt.getTime() + EVENT_MINUTES * 60_000);
    const description = [
      r.status === 'announced' && r.provisionalLabel ? w.provisional(r.provisionalLabel) : '',
      r.reason ? r.reason : '',
      r.contact ? w.contact(r.contact) : '',
    ]
      .filter(Boolean)
      .join('\n');
    lines.push(
      'BEGIN:VEVENT',
      `UID:release-${r.id}@${host}`,
      `DTSTAMP:${stamp(r.updatedAt)}`,
      `DTSTART:${stamp(r.scheduledAt)}`,
      `DTEND:${stamp(end)}`,
      `SEQUENCE:${r.sequence}`,
      `STATUS:${icsStatus(r)}`,
      `SUMMARY${titleLang}:${escapeText(r.title)}`,
      ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
      `URL:${site}${localePath(locale, releasePath(r))}`,
      `LAST-MODIFIED:${stamp(r.updatedAt)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
