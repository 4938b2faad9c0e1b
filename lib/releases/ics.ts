/**
 * The release calendar as iCalendar (RFC 5545): every event with a start and an end (30 minutes),
 * in UTC, a UID that never changes, a SEQUENCE that rises on every change, STATUS TENTATIVE
 * (provisional), CONFIRMED or CANCELLED, and the release page's URL. Lines folded at 75 octets,
 * text escaped. What ONS's feed lacks (end, SEQUENCE, time zone, escaping), this one has.
 */
import type { Release } from './model';
import { releasePath } from '@/lib/content/addresses';

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

export function releasesToIcs(list: Release[], { site, name, host }: { site: string; name: string; host: string }): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(name)}//Calendrier des parutions//FR`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const r of list) {
    const end = new Date(r.scheduledAt.getTime() + EVENT_MINUTES * 60_000);
    const description = [
      r.status === 'announced' && r.provisionalLabel ? `Date provisoire : ${r.provisionalLabel}.` : '',
      r.reason ? r.reason : '',
      r.contact ? `Contact : ${r.contact}` : '',
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
      `SUMMARY:${escapeText(r.title)}`,
      ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
      `URL:${site}${releasePath(r)}`,
      `LAST-MODIFIED:${stamp(r.updatedAt)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
