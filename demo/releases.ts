/**
 * The demo release calendar: the releases the publications announce, completed to a year ahead in
 * every status — confirmed dates, provisional windows (« mars 2027 »), a postponed release with its
 * reason and date history, a cancelled one with its notice, and those already published.
 */
import { daysFrom, monthNames, utc, weekday } from './dates';
import { monthNamesEn } from './english';
import { slugify } from './institute';
import type { ReleaseDraft } from './publications';

export type CalendarRelease = Omit<ReleaseDraft, 'status'> & {
  slug: string;
  status: 'announced' | 'confirmed' | 'postponed' | 'cancelled' | 'published';
  provisionalLabel?: string;
  reason?: string;
  /** English of `provisionalLabel` and `reason`, when they are set (`titleEn` is the title's). */
  en?: { provisionalLabel?: string; reason?: string };
  contact: string;
  /** The contact in English (issue 29). */
  contactEn?: string;
  /** Earlier dates, oldest first, each with the reason it changed (and its English, issue 29). */
  history?: { previousAt: Date; reason: string; reasonEn?: string }[];
};

const contact = 'Direction de la diffusion — diffusion@inss.example, +999 20 31 45 70';
const contactEn = 'Dissemination department — diffusion@inss.example, +999 20 31 45 70';

export function calendarDrafts(now: Date, announced: ReleaseDraft[]): CalendarRelease[] {
  const out: CalendarRelease[] = [];
  const slugs = new Set<string>();
  const slugOf = (title: string, at: Date) => {
    let slug = slugify(`${title} ${at.toISOString().slice(0, 10)}`);
    while (slugs.has(slug)) slug = `${slug}-bis`;
    slugs.add(slug);
    return slug;
  };
  for (const r of announced) out.push({ ...r, slug: slugOf(r.title, r.scheduledAt), contact, contactEn });

  // Provisional windows for the rest of the year: the monthly indices, four to twelve months ahead.
  const monthly = [
    { area: 'ipc', name: 'Indice des prix à la consommation', nameEn: 'Consumer price index', day: 12 },
    { area: 'ipi', name: 'Indice de la production industrielle', nameEn: 'Index of industrial production', day: 20 },
  ];
  for (const m of monthly) {
    for (let k = 4; k <= 12; k++) {
      const at = weekday(utc(now.getUTCFullYear(), now.getUTCMonth() + k, m.day, 8, 45));
      const label = `${monthNames[at.getUTCMonth()]} ${at.getUTCFullYear()}`;
      const title = `${m.name} – ${monthNames[(at.getUTCMonth() + 11) % 12]} ${at.getUTCMonth() === 0 ? at.getUTCFullYear() - 1 : at.getUTCFullYear()}`;
      const covered = (at.getUTCMonth() + 11) % 12;
      const titleEn = `${m.nameEn} – ${monthNamesEn[covered]} ${at.getUTCMonth() === 0 ? at.getUTCFullYear() - 1 : at.getUTCFullYear()}`;
      const en = { provisionalLabel: `${monthNamesEn[at.getUTCMonth()]} ${at.getUTCFullYear()}` };
      out.push({
        area: m.area,
        title,
        titleEn,
        scheduledAt: at,
        status: 'announced',
        provisionalLabel: label,
        en,
        slug: slugOf(title, at),
        contact,
        contactEn,
      });
    }
  }

  // A release moved once, with its reason.
  const movedTo = weekday(daysFrom(now, 24, 8, 45));
  const movedTitle = 'Comptes nationaux trimestriels – 3e trimestre';
  out.push({
    area: 'bulletin',
    title: movedTitle,
    titleEn: 'Quarterly national accounts – third quarter',
    scheduledAt: movedTo,
    status: 'postponed',
    reason: 'Intégration des données douanières révisées du trimestre, transmises en retard.',
    en: { reason: 'To incorporate the revised customs data for the quarter, which were received late.' },
    slug: slugOf(movedTitle, movedTo),
    contact,
    contactEn,
    history: [
      {
        previousAt: weekday(daysFrom(now, 10, 8, 45)),
        reason: 'Intégration des données douanières révisées du trimestre, transmises en retard.',
        reasonEn: 'To incorporate the revised customs data for the quarter, which were received late.',
      },
    ],
  });

  // A cancelled release, with its notice.
  const cancelledAt = weekday(daysFrom(now, 40, 8, 45));
  const cancelledTitle = 'Enquête de conjoncture auprès des chefs d’entreprise – note trimestrielle';
  out.push({
    area: 'bulletin',
    title: cancelledTitle,
    titleEn: 'Business tendency survey – quarterly release',
    scheduledAt: cancelledAt,
    status: 'cancelled',
    reason:
      'Publication annulée : l’enquête est suspendue pendant la refonte de son échantillon ; ses résultats reprendront au 2e trimestre.',
    en: { reason: 'Release cancelled: the survey is suspended while its sample is redesigned; results will resume in the second quarter.' },
    slug: slugOf(cancelledTitle, cancelledAt),
    contact,
    contactEn,
  });
  return out.sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime());
}
