import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { getAreaMap } from '@/lib/geo/area-map';
import { MapFigure } from './map-figure';

/** An area's key map (lib/geo/area-map.ts) with the link to its table's map view; nothing when it has none. */
export async function AreaMap({ area, locale }: { area: string; locale: Locale }) {
  const map = await getAreaMap(area, locale);
  if (!map) return null;
  const t = messages(locale).maps;
  return (
    <section aria-labelledby="carte" className="mt-10">
      <h2 id="carte" className="text-xl font-bold">
        {t.map} — {map.title}
      </h2>
      <p className="mt-1 text-muted">{map.others}</p>
      <MapFigure svg={map.svg} code={map.code} boundaries={map.boundaries} locale={locale} />
      <p className="mt-1 text-sm">
        <Link prefetch={false} href={map.href}>
          {t.open}
        </Link>
      </p>
    </section>
  );
}
