import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import type { LevelBoundaries } from '@/lib/geo/levels';

/** Up to this size the SVG is also offered as a file from the page itself (a data: address): a larger map would weigh twice. */
const inlineDownloadMax = 48 * 1024;

type Props = { svg: string; code: string; boundaries: Pick<LevelBoundaries, 'level' | 'version'>; locale: Locale };

/** A server-drawn map (lib/geo/svg.ts) in the page, its method in words, and the same SVG to download. */
export function MapFigure({ svg, code, boundaries, locale }: Props) {
  const t = messages(locale).maps;
  return (
    <>
      <div className="map-frame mt-3 max-w-2xl" dangerouslySetInnerHTML={{ __html: svg }} />
      <p className="mt-2 max-w-3xl text-sm text-muted">{t.method}</p>
      <p className="mt-1 text-sm text-muted">{t.boundaries(boundaries.level.name[locale], boundaries.version)}</p>
      {svg.length <= inlineDownloadMax ? (
        <p className="mt-2 text-sm">
          <a href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} download={`${code}_carte.svg`}>
            {t.download}
          </a>
        </p>
      ) : null}
    </>
  );
}
