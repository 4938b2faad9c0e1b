/** The public views of calls for tenders: `/offres`, open ones first (`SiteViews`). */
import { messages } from '@/lib/i18n/messages';
import { ListHead, type SiteViews } from '../list-head';
import { TenderCard } from '../tender-card';

export const views: SiteViews<'tenders'> = {
  List: ({ data: tenders, intro, label, locale }) => (
    <>
      <ListHead intro={intro} label={label} locale={locale} />
      {tenders.length === 0 ? <p className="mt-6 text-muted">{messages(locale).content.tenders.none}</p> : null}
      <ul className="mt-8 space-y-6">
        {tenders.map((tender) => (
          <li key={tender.id}>
            <TenderCard tender={tender} locale={locale} />
          </li>
        ))}
      </ul>
    </>
  ),
};
