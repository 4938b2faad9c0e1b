import Link from 'next/link';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { getAllSeries } from '@/lib/content/public';
import { getArea } from '@/lib/content/areas';
import { env } from '@/lib/env';
import { formatNumber } from '@/lib/format';
import { rateLimitPerMinute } from '@/lib/series/api';
import { periodLabel, statusCodes, statusLabel } from '@/lib/series/model';
import { downloadFormats, downloadLabel, seriesDownloadPath, seriesPath } from '@/lib/series/urls';
import { pageMetadata } from '@/lib/seo';

export async function generateMetadata() {
  return pageMetadata({
    title: 'Données ouvertes et API',
    description: 'Toutes les séries statistiques de l’institut, téléchargeables en CSV, Excel, SDMX et JSON, et l’API ouverte sans clé pour les réutiliser.',
    path: '/donnees',
  });
}

const code = 'overflow-x-auto rounded-md border border-border bg-surface p-3 text-sm';

/** The open-data page: every series with its files, and the API explained for re-users with examples. */
export default async function DataPage() {
  const series = await getAllSeries();
  const site = env.SITE_URL.replace(/\/$/, '');
  const example = series[0]?.meta.code ?? 'IPC';
  return (
    <>
      <Breadcrumbs items={[{ label: 'Données ouvertes et API' }]} locale="fr" />
      <h1 className="text-3xl font-bold leading-tight">Données ouvertes et API</h1>
      <p className="mt-4 max-w-3xl text-lg">
        Toutes les séries publiées par l’institut, libres de réutilisation : chaque fichier contient exactement les valeurs affichées sur le site,
        avec le statut de chaque valeur dans sa propre colonne. L’API ne demande ni clé ni inscription.
      </p>

      <section aria-labelledby="series" className="mt-10">
        <h2 id="series" className="text-xl font-bold">
          Les séries
        </h2>
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Séries publiées, avec leur dernière valeur et leurs fichiers</caption>
            <thead>
              <tr className="border-b border-border text-left">
                <th scope="col" className="py-2 pr-4">Série</th>
                <th scope="col" className="py-2 pr-4">Rubrique</th>
                <th scope="col" className="py-2 pr-4">Dernière valeur</th>
                <th scope="col" className="py-2">Fichiers</th>
              </tr>
            </thead>
            <tbody>
              {series.map(({ meta, observations }) => {
                const last = observations.at(-1);
                const page = seriesPath(meta);
                return (
                  <tr key={meta.code} className="border-b border-border align-top">
                    <th scope="row" className="py-2 pr-4 text-left font-normal">
                      {page ? <Link href={page} className="underline">{meta.label}</Link> : meta.label} <span className="text-muted">({meta.code})</span>
                    </th>
                    <td className="py-2 pr-4">{getArea(meta.area)?.menuLabel ?? meta.area}</td>
                    <td className="py-2 pr-4 tabular-nums">{last ? `${formatNumber(last.value, meta.decimals)} (${periodLabel(last.period, meta.frequency)})` : '—'}</td>
                    <td className="py-2">
                      <ul className="flex flex-wrap gap-x-3">
                        {downloadFormats.map((format) => (
                          <li key={format}>
                            <a href={seriesDownloadPath(meta.code, format)} download aria-label={`${meta.code} : ${downloadLabel[format]}`}>
                              {format.toUpperCase()}
                            </a>
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="mt-3 text-sm">
          Statuts des valeurs (codes SDMX OBS_STATUS) : {statusCodes.map((c) => `${c} ${statusLabel[c]}`).join(', ')}.
        </p>
      </section>

      <section aria-labelledby="sgdd" className="mt-10 max-w-4xl">
        <h2 id="sgdd" className="text-xl font-bold">
          Page nationale de données récapitulatives (FMI)
        </h2>
        <p className="mt-3">
          Les indicateurs diffusés au titre du SGDD-a du FMI, avec leur prochaine date de parution et un fichier SDMX-ML par catégorie :{' '}
          <Link href="/nsdp" className="underline">page nationale de données récapitulatives</Link>.
        </p>
      </section>

      <section aria-labelledby="api" className="mt-10 max-w-4xl">
        <h2 id="api" className="text-xl font-bold">
          L’API ouverte
        </h2>
        <p className="mt-3">
          Description complète au format OpenAPI 3.1 : <a href="/api/v1/openapi.json" className="underline">/api/v1/openapi.json</a>. Deux adresses :
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-6">
          <li>
            <code>/api/v1/series</code> : le catalogue (métadonnées, dernière valeur) ; avec <code>format</code>, toutes les séries (ou celles d’une
            rubrique avec <code>area</code>) dans un fichier ;
          </li>
          <li>
            <code>/api/v1/series/{'{code}'}</code> : une série.
          </li>
        </ul>
        <p className="mt-3">
          Paramètres : <code>startPeriod</code> et <code>endPeriod</code> (2024-01, 2024-Q1 ou 2024), <code>lastNObservations</code>,{' '}
          <code>asOf</code> (la série telle qu’elle était publiée à cet instant), <code>format</code> ({downloadFormats.join(', ')}).
        </p>
        <p className="mt-3">
          Limites publiées : {rateLimitPerMinute} requêtes par minute et par adresse ; au-delà, réponse 429 avec l’en-tête <code>Retry-After</code>.
          Chaque réponse porte un <code>ETag</code> : renvoyez-le dans <code>If-None-Match</code> pour recevoir 304 si rien n’a changé.
        </p>

        <h3 className="mt-6 font-semibold">curl</h3>
        <pre className={code}>
          <code>{`curl "${site}/api/v1/series/${example}?lastNObservations=12"
curl -o ${example.toLowerCase()}.csv "${site}/api/v1/series/${example}?format=csv-fr"`}</code>
        </pre>
        <h3 className="mt-6 font-semibold">Python (pandas)</h3>
        <pre className={code}>
          <code>{`import pandas as pd
df = pd.read_csv("${site}/api/v1/series/${example}?format=csv")
print(df.tail())`}</code>
        </pre>
        <h3 className="mt-6 font-semibold">R</h3>
        <pre className={code}>
          <code>{`df <- read.csv("${site}/api/v1/series/${example}?format=csv")
tail(df)`}</code>
        </pre>
        <h3 className="mt-6 font-semibold">Excel</h3>
        <p className="mt-2">
          Données › À partir du web, adresse <code>{`${site}/api/v1/series/${example}?format=xlsx`}</code> ; ou téléchargez le fichier « CSV pour Excel
          en français » ci-dessus, qui s’ouvre directement avec la virgule décimale.
        </p>
      </section>
    </>
  );
}
