/**
 * What narrows a downloaded file beyond its subject, as parts of its name (issue 37: two selections
 * saved under one name): `depuis-2020`, `jusqu-a-2024`, `derniers-3`, `au-2026-11-12`, and the
 * language when it is not French. Shared by the series' and the tables' downloads. Pure.
 */
import type { Locale } from '@/lib/i18n/locales';

/** Letters, digits, `_` and `-` only: safe in a `Content-Disposition` header and on every file system. */
export const safeNamePart = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-');

export type NarrowingQuery = { startPeriod?: string; endPeriod?: string; lastNObservations?: number; asOf?: string; lang?: Locale };

/** The name parts of the periods, the instant and the language asked, in that order. */
export function narrowingParts(query: NarrowingQuery): string[] {
  const parts: string[] = [];
  if (query.startPeriod) parts.push(`depuis-${safeNamePart(query.startPeriod)}`);
  if (query.endPeriod) parts.push(`jusqu-a-${safeNamePart(query.endPeriod)}`);
  if (query.lastNObservations) parts.push(`derniers-${query.lastNObservations}`);
  if (query.asOf) parts.push(`au-${safeNamePart(query.asOf.replace(/:/g, 'h'))}`);
  if (query.lang && query.lang !== 'fr') parts.push(query.lang);
  return parts;
}
