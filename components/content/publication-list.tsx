import type { PublicationSummary } from '@/lib/content/queries/publications';
import { areaTexts, fieldLabel, getArea } from '@/lib/content/areas';
import { publicationUrl } from '@/lib/content/addresses';
import { formatDate, isoDate } from '@/lib/i18n/format';
import { langAttr, localize } from '@/lib/i18n/content';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';
import { fileLinks, fileLinksText } from './file-list';
import { PublicationItems, type PublicationItem, type PublicationItemsText } from './publication-items';

/** Keeps the keys whose value is defined (a client component's props travel without `undefined`s). */
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * Publications with title, period, date, files (type, size, download link); texts in English where
 * translated, else French marked `lang="fr"`. Drawn by `PublicationItems` from their text.
 */
export function PublicationList({
  items,
  showArea = false,
  headingLevel = 2,
  locale,
}: {
  items: PublicationSummary[];
  showArea?: boolean;
  headingLevel?: 2 | 3;
  locale: Locale;
}) {
  return (
    <PublicationItems items={publicationItems(items, locale, showArea)} headingLevel={headingLevel} text={publicationItemsText(locale)} />
  );
}

/** The words `PublicationItems` needs in `locale`. */
export function publicationItemsText(locale: Locale): PublicationItemsText {
  const t = messages(locale).content;
  return { publishedOn: t.publishedOn, periodPieces: t.publication.periodPieces(null), files: fileLinksText(locale) };
}

/** Publications as the plain data `PublicationItems` draws, in `locale` (`showArea`: each with its area's name). */
export function publicationItems(items: PublicationSummary[], locale: Locale, showArea = false): PublicationItem[] {
  const t = messages(locale).content;
  return items.map((item): PublicationItem => {
    const p = localize(item, locale, ['title', 'summary', 'periodLabel']);
    const lang = (field: 'title' | 'summary' | 'periodLabel') => langAttr(p.langOf(field), locale);
    const url = publicationUrl(p);
    const a = getArea(p.area);
    const fields = (a?.fields ?? []).filter((f) => f.public && p.fields[f.name]);
    return defined({
      id: p.id,
      area: showArea && a ? areaTexts(a, locale).menuLabel : undefined,
      title: p.title,
      titleLang: lang('title'),
      href: url ? localePath(locale, url) : null,
      periodLabel: p.periodLabel || undefined,
      periodLang: p.periodLabel ? lang('periodLabel') : undefined,
      date: { iso: isoDate(p.publishedAt), text: formatDate(p.publishedAt, locale) },
      fields: fields.map((f) => ({
        name: f.name,
        text: t.publication.field(
          fieldLabel(f, locale),
          f.type === 'date' ? formatDate(String(p.fields[f.name]), locale) : String(p.fields[f.name]),
        ),
      })),
      summary: p.summary || undefined,
      summaryLang: p.summary ? lang('summary') : undefined,
      files: fileLinks(p.files, locale),
    });
  });
}
