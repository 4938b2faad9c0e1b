/** What a release of the calendar is, independent of the database: statuses in French, times in the institute's zone. */

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

export type DateChange = { previousAt: Date; newAt: Date; reason: string; changedAt: Date };

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

/** « 12 décembre 2026 à 08:45 (heure de Ouagadougou) » in the institute's zone, or the provisional window. */
export function releaseWhen(release: Pick<Release, 'scheduledAt' | 'status' | 'provisionalLabel'>, timeZone: string): string {
  if (release.status === 'announced' && release.provisionalLabel) return `${release.provisionalLabel} (date à confirmer)`;
  return formatInZone(release.scheduledAt, timeZone);
}

export function formatInZone(date: Date, timeZone: string): string {
  const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);
  return `${when} (${zoneName(timeZone)})`;
}

/** « heure de Ouagadougou », « UTC ». */
export function zoneName(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const city = timeZone.split('/').at(-1)!.replace(/_/g, ' ');
  return `heure de ${city}`;
}
