import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { areaTexts, getAreaByPublicPath, publicPublicationAreas, type Area } from '@/lib/content/areas';
import { parseAreaSegments } from '@/lib/content/addresses';
import { getPublicationPage, getPublicRefs } from '@/lib/content/public';
import { getSeriesPage, getSeriesRefs } from '@/lib/series/public';
import { contentLanguages } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { seriesPath } from '@/lib/content/addresses';
import { pageMetadata, textExcerpt } from '@/lib/seo';
import { AreaPage } from './area-page';
import { localizedSeries } from '@/lib/series/localize';
import { localizedPublication } from '@/lib/content/localize';
import { PublicationPage } from './publication-page';
import { SeriesPage } from './series-page';

type Params = { area?: string; rest?: string[] };
type Props = { params: Promise<Params> };

/**
 * Route exports for publication areas under `prefix`, in `locale`. With `withAreaParam`, the folder
 * is `{prefix}/[area]/[[...rest]]` (e.g. /indice/ipc); otherwise `{prefix}/[[...rest]]` (e.g. /rgph).
 */
export function areaRoute(prefix: string, withAreaParam: boolean, locale: Locale) {
  const t = messages(locale).content;
  /** The area and view of a URL, or null. Only the page calls notFound(), so 404s render on the server. */
  const resolve = async (params: Promise<Params>) => {
    const p = await params;
    const area = getAreaByPublicPath(withAreaParam ? `${prefix}/${p.area}` : prefix);
    const view = parseAreaSegments(p.rest);
    return area && area.kind === 'publications' && !area.restricted && view ? { area, view } : null;
  };

  const areasHere = (): Area[] =>
    publicPublicationAreas().filter((a) => (withAreaParam ? a.publicPath!.startsWith(`${prefix}/`) : a.publicPath === prefix));

  const areaParam = (a: Area) => (withAreaParam ? { area: a.publicPath!.slice(prefix.length + 1) } : {});

  async function generateStaticParams() {
    const [{ publications }, series] = await Promise.all([getPublicRefs(), getSeriesRefs()]);
    return areasHere().flatMap((a) => [
      { ...areaParam(a), rest: [] as string[] },
      ...publications.filter((p) => p.area === a.slug).map((p) => ({ ...areaParam(a), rest: [p.slug] })),
      ...series.filter((s) => s.area === a.slug).map((s) => ({ ...areaParam(a), rest: ['series', s.code] })),
    ]);
  }

  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const resolved = await resolve(params);
    if (!resolved) return { title: t.notFoundTitle };
    const { area, view } = resolved;
    if (view.kind === 'publication') {
      const data = await getPublicationPage(area.slug, view.slug);
      if (!data) return {};
      const p = localizedPublication(data.publication, locale);
      // A note with neither summary nor text (its PDF says it all) is described by its area.
      return pageMetadata({
        title: p.title,
        description: p.summary || textExcerpt(p.body) || areaTexts(area, locale).description,
        path: `${area.publicPath}/${p.slug}`,
        type: 'article',
        locale,
        languages: contentLanguages(data.publication.translations, 'title'),
      });
    }
    if (view.kind === 'series') {
      const page = await getSeriesPage(view.code);
      if (!page || page.data.meta.area !== area.slug) return { title: t.notFoundTitle };
      const { meta } = localizedSeries(page.data, locale);
      const range = view.range === '5y' ? t.seriesMeta.range5y : view.range === 'all' ? t.seriesMeta.rangeAll : '';
      return pageMetadata({
        title: `${meta.label} (${meta.code})${range}`,
        description: t.seriesMeta.description(meta.label),
        path: seriesPath(meta, view.range) ?? area.publicPath!,
        locale,
        languages: contentLanguages(page.data.translations, 'label'),
      });
    }
    const suffix = [view.year ? t.area.yearSuffix(view.year) : '', view.page > 1 ? t.area.pageSuffix(view.page) : '']
      .filter(Boolean)
      .join(', ');
    const names = areaTexts(area, locale);
    return pageMetadata({
      title: suffix ? `${names.label} (${suffix})` : names.label,
      description: names.description,
      path: `${area.publicPath}${view.year ? `/annee/${view.year}` : ''}${view.page > 1 ? `/page/${view.page}` : ''}`,
      area: area.slug,
      locale,
    });
  }

  async function Page({ params }: Props) {
    const resolved = await resolve(params);
    if (!resolved) notFound();
    const { area, view } = resolved;
    if (view.kind === 'series') return <SeriesPage area={area} code={view.code} range={view.range} locale={locale} />;
    return view.kind === 'publication' ? (
      <PublicationPage area={area} slug={view.slug} locale={locale} />
    ) : (
      <AreaPage area={area} year={view.year} page={view.page} locale={locale} />
    );
  }

  return { generateStaticParams, generateMetadata, Page };
}
