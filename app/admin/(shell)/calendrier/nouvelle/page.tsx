import Link from 'next/link';
import { CreateReleaseForm } from '@/components/admin/calendar/release-forms';
import { Refused } from '@/components/admin/refused';
import { can, needs } from '@/lib/admin/access';
import { pageRefusal } from '@/lib/admin/page-access';
import { publicPublicationAreas } from '@/lib/content/areas';
import { env } from '@/lib/env';
import { zoneName } from '@/lib/releases/model';
import { createReleaseAction } from '../actions';

export const metadata = { title: 'Annoncer une parution — Administration' };

export default async function NewReleasePage() {
  // A publisher's announcement is public at once; a Rédacteur prepares one in their areas, which
  // reaches the public calendar once approved (calendrier/actions.ts checks the area too).
  const { actor, reason } = await pageRefusal({ to: 'edit', areas: 'any', what: 'préparer une parution du calendrier' });
  if (reason) return <Refused reason={reason} />;
  const areas = publicPublicationAreas().filter((a) => can(actor, needs.editDraft([a.slug])));
  const publisher = can(actor, needs.publish());
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/calendrier">Calendrier des parutions</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Annoncer une parution</h1>
      {publisher ? null : (
        <p className="mt-2 max-w-3xl text-muted">
          Votre annonce est préparée hors du calendrier public : elle y paraît quand un responsable de publication l’approuve.
        </p>
      )}
      <CreateReleaseForm
        action={createReleaseAction}
        areas={areas.map((a) => ({ slug: a.slug, label: a.menuLabel }))}
        zone={zoneName(env.TIME_ZONE)}
      />
    </>
  );
}
