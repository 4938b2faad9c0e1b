import Link from 'next/link';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { getNsdp } from '@/lib/content/public';
import { env } from '@/lib/env';
import { formatNumber } from '@/lib/format';
import { releaseWhen } from '@/lib/releases/model';
import { periodLabel, statusLabel } from '@/lib/series/model';
import { seriesPath } from '@/lib/series/urls';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata() {
  return pageMetadata({
    title: 'Page nationale de données récapitulatives (SGDD-a du FMI)',
    description: 'Les indicateurs du Système général de diffusion des données amélioré (SGDD-a) du FMI : dernière valeur, période, métadonnées, prochaine parution et fichiers SDMX-ML.',
    path: '/nsdp',
    calendar: '/flux/calendrier.ics',
  });
}

/**
 * The IMF e-GDDS National Summary Data Page, generated from the series and the calendar: one row
 * per indicator under its data category, with its SDMX-ML file per category.
 */
export default async function NsdpPage() {
  const sections = await getNsdp();
  return (
    <>
      <Breadcrumbs items={[{ label: 'Données ouvertes et API', href: '/donnees' }, { label: 'Page nationale de données récapitulatives' }]} locale="fr" />
      <h1 className="text-3xl font-bold leading-tight">Page nationale de données récapitulatives</h1>
      <p className="mt-4 max-w-3xl text-lg">
        Les indicateurs que l’institut diffuse dans le cadre du Système général de diffusion des données amélioré (SGDD-a) du Fonds monétaire
        international : pour chacun, la dernière valeur publiée et sa période, ses métadonnées, la date de la prochaine parution tirée du{' '}
        <Link href="/calendrier" className="underline">calendrier des parutions</Link>, et un fichier SDMX-ML 2.1 par catégorie de données.
      </p>
      {sections.length === 0 ? (
        <p className="mt-8">Aucune série ne porte encore de code d’indicateur du FMI.</p>
      ) : (
        <div className="mt-8 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Indicateurs par catégorie de données : dernière valeur, période, métadonnées, prochaine parution, fichier SDMX-ML</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-4">Catégorie de données</th>
                <th scope="col" className="py-2 pr-4">Indicateur</th>
                <th scope="col" className="py-2 pr-4">Unité</th>
                <th scope="col" className="py-2 pr-4">Période</th>
                <th scope="col" className="py-2 pr-4 text-right">Dernière valeur</th>
                <th scope="col" className="py-2 pr-4">Métadonnées</th>
                <th scope="col" className="py-2 pr-4">Prochaine parution</th>
                <th scope="col" className="py-2">Données</th>
              </tr>
            </thead>
            {sections.map(({ category, rows }) => (
              <tbody key={category.id}>
                {rows.map((row, i) => {
                  const { meta } = row.data;
                  const page = seriesPath(meta);
                  return (
                    <tr key={meta.code} className="border-b border-border align-top">
                      {i === 0 ? (
                        <th scope="rowgroup" rowSpan={rows.length} className="py-2 pr-4 text-left">
                          {category.label}
                          <span className="block text-xs font-normal text-muted">{category.sector}</span>
                        </th>
                      ) : null}
                      <td className="py-2 pr-4">
                        {page ? <Link href={page}>{meta.label}</Link> : meta.label} <span className="text-muted">({row.indicator})</span>
                      </td>
                      <td className="py-2 pr-4">
                        {meta.unit}
                        {meta.basePeriod ? `, ${meta.basePeriod}` : ''}
                      </td>
                      <td className="py-2 pr-4">{row.latest ? periodLabel(row.latest.period, meta.frequency) : '—'}</td>
                      <td className="py-2 pr-4 text-right tabular-nums">
                        {row.latest ? (
                          <>
                            {formatNumber(row.latest.value, meta.decimals)}
                            {row.latest.status !== 'A' ? <span className="text-muted"> ({statusLabel[row.latest.status]})</span> : null}
                          </>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="py-2 pr-4">{page ? <Link href={`${page}#description`} aria-label={`Méthode : ${meta.label}`}>Méthode</Link> : '—'}</td>
                      <td className="py-2 pr-4">
                        {row.next ? <Link prefetch={false} href={`/calendrier/${row.next.slug}`}>{releaseWhen(row.next, env.TIME_ZONE)}</Link> : 'Non annoncée'}
                      </td>
                      {i === 0 ? (
                        <td rowSpan={rows.length} className="py-2">
                          <a href={`/nsdp/${category.id}.xml`} aria-label={`SDMX-ML : ${category.label}`}>
                            SDMX-ML
                          </a>
                        </td>
                      ) : null}
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        </div>
      )}
      <p className="mt-4 text-sm text-muted">
        Les fichiers suivent le format SDMX-ML 2.1 (données génériques), avec les dimensions FREQ, REF_AREA et INDICATOR de la structure ECOFIN du FMI, et le
        statut de chaque valeur (OBS_STATUS).
      </p>
    </>
  );
}
