import Link from 'next/link';
import { Fragment, type ReactNode } from 'react';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { getNsdp } from '@/lib/nsdp/public';
import { env } from '@/lib/env';
import { formatNumber } from '@/lib/i18n/format';
import { categoryNames } from '@/lib/nsdp/categories';
import { localizedRelease } from '@/lib/releases/localize';
import { localizedSeries } from '@/lib/series/localize';
import { langAttr } from '@/lib/i18n/content';
import { localePath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { releaseWhen } from '@/lib/releases/model';
import { periodLabel } from '@/lib/series/model';
import { seriesPath, nsdpPath, icsPath, dataPath, calendarPath, releasePath, nsdpFilePath } from '@/lib/content/addresses';
import { pageMetadata } from '@/lib/seo';

/** The IMF National Summary Data Page (`/nsdp`) in `locale`. */
export function nsdpRoute(locale: Locale) {
  /** A sentence's pieces from the catalogue, its elements among its words. */
  const pieces = (list: ReactNode[]) => list.map((p, i) => <Fragment key={i}>{p}</Fragment>);

  async function generateMetadata() {
    const t = messages(locale).series.nsdp;
    return pageMetadata({
      title: t.title,
      description: t.description,
      path: nsdpPath,
      calendar: icsPath(),
      locale,
    });
  }

  /**
   * The IMF e-GDDS National Summary Data Page, generated from the series and the calendar: one row
   * per indicator under its data category, with its SDMX-ML file per category.
   */
  async function NsdpPage() {
    const s = messages(locale).series;
    const t = s.nsdp;
    const sections = await getNsdp();
    return (
      <>
        <Breadcrumbs items={[{ label: s.data.title, href: dataPath }, { label: t.heading }]} locale={locale} />
        <h1 className="text-3xl font-bold leading-tight">{t.heading}</h1>
        <p className="mt-4 max-w-3xl text-lg">
          {pieces(
            t.intro((text) => (
              <Link href={localePath(locale, calendarPath)} className="underline">
                {text}
              </Link>
            )),
          )}
        </p>
        {sections.length === 0 ? (
          <p className="mt-8">{t.empty}</p>
        ) : (
          <div className="mt-8 overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t.caption}</caption>
              <thead>
                <tr className="border-b border-border text-left">
                  <th scope="col" className="py-2 pr-4">
                    {t.colCategory}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.colIndicator}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.colUnit}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.colPeriod}
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    {t.colLatest}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.colMetadata}
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    {t.colNext}
                  </th>
                  <th scope="col" className="py-2">
                    {t.colData}
                  </th>
                </tr>
              </thead>
              {sections.map(({ category, rows }) => (
                <tbody key={category.id}>
                  {rows.map((row, i) => {
                    const { meta, langOf } = localizedSeries(row.data, locale);
                    const page = seriesPath(meta);
                    return (
                      <tr key={meta.code} className="border-b border-border align-top">
                        {i === 0 ? (
                          <th scope="rowgroup" rowSpan={rows.length} className="py-2 pr-4 text-left">
                            {categoryNames(category, locale).label}
                            <span className="block text-xs font-normal text-muted">{categoryNames(category, locale).sector}</span>
                          </th>
                        ) : null}
                        <td className="py-2 pr-4">
                          <span lang={langAttr(langOf('label'), locale)}>
                            {page ? <Link href={localePath(locale, page)}>{meta.label}</Link> : meta.label}
                          </span>{' '}
                          <span className="text-muted">({row.indicator})</span>
                        </td>
                        <td className="py-2 pr-4">
                          <span lang={langAttr(langOf('unit'), locale)}>{meta.unit}</span>
                          {meta.basePeriod ? `, ${meta.basePeriod}` : ''}
                        </td>
                        <td className="py-2 pr-4">{row.latest ? periodLabel(row.latest.period, meta.frequency, locale) : '—'}</td>
                        <td className="py-2 pr-4 text-right tabular-nums">
                          {row.latest ? (
                            <>
                              {formatNumber(row.latest.value, meta.decimals, locale)}
                              {row.latest.status !== 'A' ? <span className="text-muted"> ({s.status[row.latest.status]})</span> : null}
                            </>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td className="py-2 pr-4">
                          {page ? (
                            <Link href={localePath(locale, `${page}#description`)} aria-label={t.methodOf(meta.label)}>
                              {t.method}
                            </Link>
                          ) : (
                            '—'
                          )}
                        </td>
                        <td className="py-2 pr-4">
                          {row.next ? (
                            <Link prefetch={false} href={localePath(locale, releasePath(row.next))}>
                              {releaseWhen(localizedRelease(row.next, locale), env.TIME_ZONE, locale)}
                            </Link>
                          ) : (
                            t.notAnnounced
                          )}
                        </td>
                        {i === 0 ? (
                          <td rowSpan={rows.length} className="py-2">
                            <a href={nsdpFilePath(category)} aria-label={t.fileOf(categoryNames(category, locale).label)}>
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
        <p className="mt-4 text-sm text-muted">{t.note}</p>
      </>
    );
  }

  return { generateMetadata, Page: NsdpPage };
}
