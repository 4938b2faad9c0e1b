import { BoundariesUpload } from '@/components/admin/geo/boundaries-upload';
import { Refused } from '@/components/admin/refused';
import { needs } from '@/lib/admin/access';
import { pageRefusal } from '@/lib/admin/page-access';
import { getDb } from '@/lib/db';
import { latestBoundaries, listLevels } from '@/lib/geo/levels';
import { formatDateTime } from '@/lib/i18n/format';

export const metadata = { title: 'Cartes — Administration' };

/** The maps' boundaries: each level, its newest version, and the upload of a new one (administrators). */
export default async function MapsAdminPage() {
  const { reason } = await pageRefusal(needs.geoBoundaries);
  if (reason) return <Refused reason={reason} />;
  const db = await getDb();
  const levels = await Promise.all((await listLevels(db)).map(async (l) => ({ ...l, latest: await latestBoundaries(db, l.code) })));
  return (
    <>
      <h1 className="text-2xl font-bold">Cartes : limites géographiques</h1>
      <p className="mt-2 max-w-3xl text-muted">
        Les tableaux dont une dimension est liée à un niveau (par exemple REGION) sont dessinés en carte sur le site, à partir des limites
        envoyées ici. Chaque envoi crée une nouvelle version ; la plus récente est dessinée.
      </p>
      <section aria-labelledby="niveaux" className="mt-6">
        <h2 id="niveaux" className="text-xl font-semibold">
          Niveaux
        </h2>
        {levels.length === 0 ? (
          <p className="mt-2">Aucun niveau pour l’instant.</p>
        ) : (
          <table className="mt-2 text-sm">
            <thead>
              <tr>
                <th className="border-b border-border px-2 py-1 text-left">Niveau</th>
                <th className="border-b border-border px-2 py-1 text-left">Dimension</th>
                <th className="border-b border-border px-2 py-1 text-left">Version</th>
                <th className="border-b border-border px-2 py-1 text-left">Zones</th>
              </tr>
            </thead>
            <tbody>
              {levels.map((l) => (
                <tr key={l.code}>
                  <td className="border-b border-border px-2 py-1">
                    {l.nameFr} (<code>{l.code}</code>)
                  </td>
                  <td className="border-b border-border px-2 py-1">
                    <code>{l.dimension}</code>
                  </td>
                  <td className="border-b border-border px-2 py-1">
                    {l.latest ? `${l.latest.version}, du ${formatDateTime(l.latest.createdAt, 'fr')}` : '—'}
                  </td>
                  <td className="border-b border-border px-2 py-1">{l.latest ? Object.keys(l.latest.names).length : 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-labelledby="envoyer" className="mt-8">
        <h2 id="envoyer" className="text-xl font-semibold">
          Envoyer des limites
        </h2>
        <BoundariesUpload />
      </section>
    </>
  );
}
