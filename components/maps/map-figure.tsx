import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import type { LevelBoundaries } from '@/lib/geo/levels';
import { installMapReadout } from './readout';
import { ReadoutAfterNavigation } from './readout-after-navigation';

/** Up to this size the SVG is also offered as a file from the page itself (a data: address): a larger map would weigh twice. */
const inlineDownloadMax = 48 * 1024;

type Props = { svg: string; code: string; boundaries: Pick<LevelBoundaries, 'level' | 'version'>; locale: Locale };

/**
 * With JavaScript, the area under the pointer or the keyboard's focus is read out beside its map
 * (its `<title>`: name and value). A few hundred bytes inline (components/maps/readout.ts), so it works
 * before hydration, and the same function once mounted, for a page reached by client-side navigation;
 * without JavaScript the titles and the table below say the same. One listener on the document,
 * looking the map up at each event; the read-out is markup React does not own (inner HTML), so writing into it before
 * hydration is no mismatch. Hidden from screen readers: the
 * focused area's own title is what they announce.
 */
const readout = `(${installMapReadout.toString()})()`;

const readoutHtml = `<p data-map-readout="" aria-hidden="true" hidden class="mt-2 font-semibold tabular-nums"></p><script>${readout}</script>`;

/** A server-drawn map (lib/geo/svg.ts) in the page, its method in words, and the same SVG to download. */
export function MapFigure({ svg, code, boundaries, locale }: Props) {
  const t = messages(locale).maps;
  return (
    <div data-map="">
      <div className="map-frame mt-3 max-w-2xl" dangerouslySetInnerHTML={{ __html: svg }} />
      {/* Markup React never hydrates: the script writes into it, before hydration too. */}
      <div dangerouslySetInnerHTML={{ __html: readoutHtml }} />
      <ReadoutAfterNavigation />
      <p className="mt-2 max-w-3xl text-sm text-muted">{t.method}</p>
      <p className="mt-1 text-sm text-muted">{t.boundaries(boundaries.level.name[locale], boundaries.version)}</p>
      {svg.length <= inlineDownloadMax ? (
        <p className="mt-2 text-sm">
          <a href={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} download={`${code}_carte.svg`}>
            {t.download}
          </a>
        </p>
      ) : null}
    </div>
  );
}
