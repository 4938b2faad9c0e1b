import Link from 'next/link';
import { CreateReleaseForm } from '@/components/admin/calendar/release-forms';
import { requireSession } from '@/lib/auth/guard';
import { publicPublicationAreas } from '@/lib/content/areas';
import { env } from '@/lib/env';
import { zoneName } from '@/lib/releases/model';

export const metadata = { title: 'Annoncer une parution — Administration' };

export default async function NewReleasePage() {
  await requireSession();
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
