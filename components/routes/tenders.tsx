import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { RichText } from '@/components/content/rich-text';
import { TenderCard } from '@/components/content/tender-card';
import { area, areaTexts } from '@/lib/content/areas';
import { getPageContent, getTenders } from '@/lib/content/public';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { pageMetadata } from '@/lib/seo';

/** The calls for tenders in `locale`. */
export function tendersRoute(locale: Locale) {
  const names = areaTexts(area('offres'), locale);

  const generateMetadata = () => pageMetadata({ title: names.label, description: names.description, path: '/offres', locale });

  async function TendersPage() {
    const t = messages(locale).content.tenders;
    const [intro, tenders] = await Promise.all([getPageContent('intro:offres'), getTenders()]);
    return (
      <>
        <Breadcrumbs items={[{ label: names.label }]} locale={locale} />
        <h1 className="text-3xl font-bold leading-tight">{names.label}</h1>
        {intro?.body ? <RichText html={intro.body} className="mt-4 text-lg" /> : null}
        {tenders.length === 0 ? <p className="mt-6 text-muted">{t.none}</p> : null}
        <ul className="mt-8 space-y-6">
          {tenders.map((tender) => (
            <li key={tender.id}>
              <TenderCard tender={tender} locale={locale} />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return { generateMetadata, Page: TendersPage };
}
