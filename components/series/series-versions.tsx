import { formatDateTime } from '@/lib/format';
import { changeKindLabel, type SeriesVersion } from '@/lib/series/model';

/** « Versions précédentes »: every published version, newest first, with its kind and reason. */
export function SeriesVersions({ versions, href }: { versions: SeriesVersion[]; href: (v: SeriesVersion) => string }) {
  if (versions.length <= 1) return <p className="text-muted">Aucune version précédente : la série n’a pas été révisée depuis sa première publication.</p>;
  return (
    <ol className="space-y-3">
      {versions.map((v, i) => (
        <li key={v.number}>
          <p>
            <strong>Version {v.number}</strong>
            {i === 0 ? ' (en vigueur)' : ''} — publiée le {formatDateTime(v.publishedAt)} (UTC), {changeKindLabel[v.kind]}
          </p>
          {v.reason ? <p className="text-sm">{v.reason}</p> : null}
          <p className="text-sm">
            <a href={href(v)} download>
              Valeurs de la version {v.number} (CSV)
            </a>
          </p>
        </li>
      ))}
    </ol>
  );
}
