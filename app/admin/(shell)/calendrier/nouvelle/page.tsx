import Link from 'next/link';
import { CreateReleaseForm } from '@/components/admin/calendar/release-forms';
import { Refused } from '@/components/admin/refused';
import { pageRefusal } from '@/lib/admin/page-access';
import { publicPublicationAreas } from '@/lib/content/areas';
import { env } from '@/lib/env';
import { zoneName } from '@/lib/releases/model';

export const metadata = { title: 'Annoncer une parution — Administration' };

export default async function NewReleasePage() {
  // An announcement is public at once: a publisher's act (calendrier/actions.ts checks its area too).
  const { reason } = await pageRefusal({ to: 'publish', what: 'annoncer une parution au calendrier' });
  if (reason) return <Refused reason={reason} />;
  return (
    <>
      <p className="text-sm">
        <Link href="/admin/calendrier">Calendrier des parutions</Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Annoncer une parution</h1>
      <CreateReleaseForm areas={publicPublicationAreas().map((a) => ({ slug: a.slug, label: a.menuLabel }))} zone={zoneName(env.TIME_ZONE)} />
    </>
  );
}
