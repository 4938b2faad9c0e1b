/**
 * What a release of the calendar is, independent of the database: statuses in French, times in the
 * institute's zone (in French by default; the public pages pass their language).
 */
import type { Translations } from '@/lib/db/schema';
import type { AuditInput } from '@/lib/audit/write';
import { intlLocales, type Locale } from '@/lib/i18n/locales';

/** Who changes the calendar (for the audit journal). */
export type Actor = { user: NonNullable<AuditInput['user']>; ip?: string | null };
/** A write's result, or its French error (with the form field it is about, if any). */
export type ReleaseWrite = { ok: true; id: number; slug: string; tags: string[] } | { ok: false; error: string; field?: string };

export const releaseStatuses = ['announced', 'confirmed', 'postponed', 'cancelled', 'published'] as const;
export type ReleaseStatus = (typeof releaseStatuses)[number];

/** ONS's states in French: a provisional window, a confirmed date, postponed, cancelled, published. */
export const releaseStatusLabel: Record<ReleaseStatus, string> = {
  announced: 'provisionnel',
  confirmed: 'confirmé',
  postponed: 'reporté',
  cancelled: 'annulé',
  published: 'publié',
};

/** A change of a release's date; its reason's English in `translations` (issue 29), where written. */
export type DateChange = { previousAt: Date; newAt: Date; reason: string; changedAt: Date; translations?: Translations<'reason'> };

export type Release = {
  id: number;
  slug: string;
  area: string;
  title: string;
  scheduledAt: Date;
  status: ReleaseStatus;
  provisionalLabel: string | null;
  reason: string | null;
  contact: string;
  sequence: number;
  updatedAt: Date;
  createdAt: Date;
  /** The publications it brought out, once they are public. */
  publications: { area: string; slug: string; title: string }[];
  /** The series versions it brought out, once they are out. */
  versions: { code: string; label: string; area: string; number: number; publishedAt: Date }[];
};

const words: Readonly<Record<Locale, { toConfirm: (label: string) => string; zone: (city: string) => string }>> = {
  fr: { toConfirm: (label) => `${label} (date à confirmer)`, zone: (city) => `heure de ${city}` },
  en: { toConfirm: (label) => `${label} (date to be confirmed)`, zone: (city) => `${city} time` },
};

/**
 * « samedi 12 décembre 2026 à 08:45 (heure de Ouagadougou) » in the institute's zone, or the
 * provisional window; in English (`en`, for the public pages) « Saturday, 12 December 2026 at 08:45
 * (Ouagadougou time) ». French by default (back-office, feeds).
 */
export function releaseWhen(
  release: Pick<Release, 'scheduledAt' | 'status' | 'provisionalLabel'>,
  timeZone: string,
  locale: Locale = 'fr',
): string {
  if (release.status === 'announced' && release.provisionalLabel) return words[locale].toConfirm(release.provisionalLabel);
  return formatInZone(release.scheduledAt, timeZone, locale);
}

export function formatInZone(date: Date, timeZone: string, locale: Locale = 'fr'): string {
  const when = new Intl.DateTimeFormat(intlLocales[locale], { dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);
  return `${when} (${zoneName(timeZone, locale)})`;
}

/** « heure de Ouagadougou », « UTC » / « Ouagadougou time ». */
export function zoneName(timeZone: string, locale: Locale = 'fr'): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const city = timeZone.split('/').at(-1)!.replace(/_/g, ' ');
  return words[locale].zone(city);
}

const wallClock = (date: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return {
    y: Number(parts.year),
    m: Number(parts.month),
    d: Number(parts.day),
    h: Number(parts.hour),
    min: Number(parts.minute),
    s: Number(parts.second),
  };
};

/** The `datetime-local` value (« 2026-12-12T08:45 ») of an instant, as the clocks of `timeZone` show it. */
export function toZonedInput(date: Date, timeZone: string): string {
  const w = wallClock(date, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${w.y}-${two(w.m)}-${two(w.d)}T${two(w.h)}:${two(w.min)}`;
}

/** The instant a `datetime-local` value means in `timeZone` (null when it is not one). */
export function fromZonedInput(value: string, timeZone: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, min] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, min);
  if (Number.isNaN(asUtc) || new Date(asUtc).getUTCDate() !== d) return null;
  // The zone's offset at that wall-clock time, corrected once for a daylight-saving change in between.
  const offsetAt = (t: number) => {
    const w = wallClock(new Date(t), timeZone);
    return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - t;
  };
  let instant = asUtc - offsetAt(asUtc);
  instant = asUtc - offsetAt(instant);
  return new Date(instant);
}
