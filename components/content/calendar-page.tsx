import Link from 'next/link';
import { TableLinks } from '@/components/tables/table-links';
import { getReleaseTables } from '@/lib/tables/read/public';
import { notFound } from 'next/navigation';
import { areaTexts, getArea, publicPublicationAreas } from '@/lib/content/areas';
import { getCalendar, getRelease } from '@/lib/releases/public';
import { publicationUrl, releasePath, icsPath, calendarPath, areaCalendarPath, dataPath } from '@/lib/content/addresses';
import { env } from '@/lib/env';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { feedIn, localePath } from '@/lib/i18n/paths';
import { formatInZone, releaseWhen, zoneName, type Release } from '@/lib/releases/model';
import type { PublicRelease } from '@/lib/releases/queries';
import { seriesPath } from '@/lib/content/addresses';
import { Breadcrumbs } from './breadcrumbs';
import { inLang, pieces } from './in-lang';
import { localizedRelease } from '@/lib/releases/localize';
import { UntranslatedNotice } from './untranslated-notice';
import { SubscribeForm } from '@/components/alerts/subscribe-form';
import { isAlertArea } from '@/lib/alerts/areas';

const badge = 'ml-2 inline-block rounded-full border border-border px-2 py-0.5 text-xs font-semibold';

function ReleaseList({
  releases,
  empty,
  locale,
}: {
  releases: (Release & { translations?: PublicRelease['translations'] })[];
  empty: string;
  locale: Locale;
}) {
  const s = messages(locale).series;
  if (releases.length === 0) return <p className="mt-3 text-muted">{empty}</p>;
  return (
    <ul className="mt-4 space-y-3">
      {releases.map((row) => {
        const r = localizedRelease(row, locale);
        return (
          <li key={r.id} className="border-l-4 border-primary pl-3">
            <p className="font-medium">
              <Link
                prefetch={false}
                href={localePath(locale, releasePath(r))}
                lang={langAttr(r.langOf('title'), locale)}
                className="underline"
              >
                {r.title}
              </Link>
              <span className={badge}>{s.releaseStatus[r.status]}</span>
            </p>
            <p className="text-sm text-muted">
              <time dateTime={r.scheduledAt.toISOString()}>{releaseWhen(r, env.TIME_ZONE, locale)}</time>
              {getArea(r.area) ? ` · ${areaTexts(getArea(r.area)!, locale).menuLabel}` : ''}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** /calendrier and /calendrier/rubrique/{area}: what comes out when, announced in advance; what came out. */
export async function CalendarPage({ area, locale }: { area?: string; locale: Locale }) {
  const t = messages(locale).series.calendar;
  const a = area ? getArea(area) : undefined;
  const aName = a ? areaTexts(a, locale).menuLabel : '';
  if (area && !a?.publicPath) notFound();
  const { upcoming, past } = await getCalendar(area);
  // The calendar's iCalendar feed in the page's language (`/en/flux/calendrier.ics` on English pages).
  const feed = feedIn(locale, icsPath(area));
  const filters = publicPublicationAreas();
  return (
    <>
      <Breadcrumbs items={[{ label: t.title, href: calendarPath }, ...(a ? [{ label: aName }] : [])]} locale={locale} />
      <h1 className="text-3xl font-bold leading-tight">{a ? t.titleOf(aName) : t.title}</h1>
      <p className="mt-4 max-w-3xl text-lg">{t.intro(zoneName(env.TIME_ZONE, locale))}</p>
      <p className="mt-3">
        <a href={feed} className="underline">
          {a ? t.subscribeTo(aName) : t.subscribe}
        </a>
      </p>
      <nav aria-label={t.filter} className="mt-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          <li>
            <Link
              href={localePath(locale, calendarPath)}
              aria-current={!area ? 'page' : undefined}
              className={
                'inline-block rounded-full border border-border px-3 py-1 no-underline ' +
                'aria-[current=page]:bg-primary aria-[current=page]:text-primary-fg'
              }
            >
              {t.all}
            </Link>
          </li>
          {filters.map((f) => (
            <li key={f.slug}>
              <Link
                href={localePath(locale, areaCalendarPath(f.slug))}
                aria-current={area === f.slug ? 'page' : undefined}
                className={
                  'inline-block rounded-full border border-border px-3 py-1 no-underline ' +
                  'aria-[current=page]:bg-primary aria-[current=page]:text-primary-fg'
                }
              >
                {areaTexts(f, locale).menuLabel}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="a-venir" className="mt-8">
        <h2 id="a-venir" className="text-2xl font-bold">
          {t.upcoming}
        </h2>
        <ReleaseList releases={upcoming} empty={t.noUpcoming} locale={locale} />
      </section>
      <section aria-labelledby="passees" className="mt-10">
        <h2 id="passees" className="text-2xl font-bold">
          {t.past}
        </h2>
        <ReleaseList releases={past} empty={t.noPast} locale={locale} />
      </section>
      <SubscribeForm locale={locale} areas={area && isAlertArea(area) ? [area] : []} />
    </>
  );
}

/**
 * /calendrier/{slug}: one release, its status, its date history with reasons, what it published, a
 * contact. Title, provisional label, reason and what it published in English where translated (else
 * French marked `lang="fr"`, with the notice when the title or the shown reason is).
 */
export async function ReleasePage({ slug, locale }: { slug: string; locale: Locale }) {
  const s = messages(locale).series;
  const t = s.release;
  const data = await getRelease(slug);
  if (!data) notFound();
  const { changes } = data;
  const tables = await getReleaseTables(data.release.id, locale);
  const r = localizedRelease(data.release, locale);
  // Who answers questions about it, in English where the back-office gives it (issue 29).
  const contact = localize({ contact: data.release.contact, translations: data.release.translations }, locale, ['contact']);
  const lang = (field: 'title' | 'provisionalLabel' | 'reason') => langAttr(r.langOf(field), locale);
  const showsReason = r.status === 'cancelled' && r.reason;
  const area = getArea(r.area);
  const tz = env.TIME_ZONE;
  return (
    <>
      <Breadcrumbs
        items={[
          { label: s.calendar.title, href: calendarPath },
          { label: r.title, lang: lang('title') },
        ]}
        locale={locale}
      />
      <UntranslatedNotice locale={locale} langs={[r.langOf('title'), ...(showsReason ? [r.langOf('reason')] : [])]} />
      <h1 lang={lang('title')} className="text-3xl font-bold leading-tight">
        {r.title}
      </h1>
      <dl className="mt-6 grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold">{t.status}</dt>
        <dd>{s.releaseStatus[r.status]}</dd>
        <dt className="font-semibold">{r.status === 'published' ? t.publishedOn : r.status === 'cancelled' ? t.wasDueOn : t.date}</dt>
        <dd>
          <time dateTime={r.scheduledAt.toISOString()}>{releaseWhen(r, tz, locale)}</time>
        </dd>
        {area?.publicPath ? (
          <>
            <dt className="font-semibold">{t.area}</dt>
            <dd>
              <Link href={localePath(locale, area.publicPath)} className="underline">
                {areaTexts(area, locale).menuLabel}
              </Link>
            </dd>
          </>
        ) : null}
        {r.contact ? (
          <>
            <dt className="font-semibold">{t.contact}</dt>
            <dd>{inLang(contact.contact, langAttr(contact.langOf('contact'), locale))}</dd>
          </>
        ) : null}
      </dl>
      {showsReason ? (
        <p className="mt-6 rounded-md border border-border bg-surface p-4" role="note">
          <strong>{t.cancelled}</strong>
          {lang('reason') ? <span lang={lang('reason')}>{r.reason}</span> : r.reason}
        </p>
      ) : null}
      {r.publications.length + r.versions.length > 0 ? (
        <section aria-labelledby="publie" className="mt-8">
          <h2 id="publie" className="text-xl font-bold">
            {t.published}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {r.publications.map((row) => {
              const p = localize(row, locale, ['title']);
              return (
                <li key={`${p.area}/${p.slug}`}>
                  <Link
                    href={localePath(locale, publicationUrl(p) ?? '/')}
                    lang={langAttr(p.langOf('title'), locale)}
                    className="underline"
                  >
                    {p.title}
                  </Link>
                </li>
              );
            })}
            {r.versions.map((row) => {
              const v = localize(row, locale, ['label']);
              return (
                <li key={`${v.code}-${v.number}`}>
                  <Link
                    href={localePath(locale, seriesPath(v) ?? dataPath)}
                    lang={langAttr(v.langOf('label'), locale)}
                    className="underline"
                  >
                    {v.label}
                  </Link>{' '}
                  <span className="text-muted">{t.seriesVersion(v.code, v.number)}</span>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="historique" className="mt-8">
        <h2 id="historique" className="text-xl font-bold">
          {t.history}
        </h2>
        {changes.length === 0 ? (
          <p className="mt-2 text-muted">{t.unchanged}</p>
        ) : (
          <ol className="mt-3 space-y-3">
            {changes.map((row, i) => {
              // The reason in English where given (back-office, « Reporter »), French marked otherwise.
              const c = localize(row, locale, ['reason']);
              return (
                <li key={i}>
                  <p>
                    {pieces(
                      t.moved(
                        <time dateTime={c.previousAt.toISOString()}>{formatInZone(c.previousAt, tz, locale)}</time>,
                        <time dateTime={c.newAt.toISOString()}>{formatInZone(c.newAt, tz, locale)}</time>,
                      ),
                    )}
                  </p>
                  <p className="text-sm">{pieces(t.reason(inLang(c.reason, langAttr(c.langOf('reason'), locale))))}</p>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <TableLinks tables={tables} title={messages(locale).tables.breadcrumb} id="tableaux" locale={locale} />
      <p className="mt-8">
        <Link href={localePath(locale, calendarPath)} className="underline">
          {t.calendar}
        </Link>
      </p>
      <SubscribeForm locale={locale} areas={isAlertArea(r.area) ? [r.area] : []} />
    </>
  );
}
