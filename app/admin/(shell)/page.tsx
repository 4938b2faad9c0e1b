import Link from 'next/link';
import { requireSession } from '@/lib/auth/guard';
import { getDb } from '@/lib/db';
import { areas } from '@/lib/content/areas';
import { countsPerArea } from '@/lib/content/queries/admin';

export default async function DashboardPage() {
  const { user } = await requireSession();
  const counts = await countsPerArea(await getDb());
  return (
    <>
      <h1 className="text-2xl font-bold">Tableau de bord</h1>
      <p className="mt-2 text-muted">Bonjour {user.name}.</p>
      <table className="mt-6 w-full max-w-xl border-collapse text-sm">
        <caption className="mb-2 text-left font-semibold">Contenus par rubrique</caption>
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-2">Rubrique</th>
            <th scope="col" className="py-2 text-right">Éléments</th>
          </tr>
        </thead>
        <tbody>
          {areas
            .filter((a) => a.kind !== 'pages')
            .map((a) => (
              <tr key={a.slug} className="border-b border-border">
                <th scope="row" className="py-1.5 text-left font-normal">
                  <Link href={a.adminPath}>{a.label}</Link>
                </th>
                <td className="py-1.5 text-right tabular-nums">{counts[a.slug] ?? 0}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </>
  );
}
