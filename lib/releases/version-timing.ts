/**
 * When a new version of versioned data (a series' values, a table's cells) goes online, as the
 * back-office's « Publication » fields send it (components/admin/versions/publish-fields.tsx): now,
 * at a time in the institute's zone, or with a calendar release (its embargo: lib/versions); its
 * kind and reason. One zod shape and one reading for every kind's actions.
 */
import { z } from 'zod';
import { ValidationError } from '@/lib/errors';
import { changeKinds } from '@/lib/versions/model';
import { fromZonedInput, zoneName } from './model';
import { currentTime } from '@/lib/clock';

/** The « Publication » fields, to spread into an action's schema. */
export const versionPublishFields = {
  when: z.enum(['now', 'later', 'release'], { error: 'Choisissez quand publier.' }),
  releaseId: z.coerce.number().int().min(1, 'Choisissez la parution.').optional(),
  publishAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Date et heure de publication attendues (AAAA-MM-JJ HH:MM).')
    .optional(),
  kind: z.enum(changeKinds, { error: 'Choisissez le type de changement : révision programmée ou correction.' }),
  reason: z.string().trim().max(500, 'La raison : 500 caractères au plus.').default(''),
};

/**
 * The version's time from those fields: `{ releaseId }` with a release, `{ publishAt }` at a time
 * (wall-clock in `timeZone`, in the future), `{}` for now. A missing choice or a past time is a
 * `ValidationError` under its field, in French.
 */
export function versionTiming(
  input: { when: 'now' | 'later' | 'release'; publishAt?: string; releaseId?: number },
  timeZone: string,
  now = currentTime(),
): { publishAt?: Date; releaseId?: number } {
  if (input.when === 'release') {
    if (!input.releaseId) throw new ValidationError('Choisissez la parution.', { releaseId: ['Choisissez la parution.'] });
    return { releaseId: input.releaseId };
  }
  if (input.when !== 'later') return {};
  if (!input.publishAt) {
    const message = 'Indiquez la date et l’heure de publication.';
    throw new ValidationError(message, { publishAt: [message] });
  }
  const at = fromZonedInput(input.publishAt, timeZone);
  if (!at || at <= now) {
    const message = `La date de publication doit être dans le futur (${zoneName(timeZone)}).`;
    throw new ValidationError(message, { publishAt: [message] });
  }
  return { publishAt: at };
}
