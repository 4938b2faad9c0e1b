import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { FileList } from '@/components/content/file-list';
import { RichText } from '@/components/content/rich-text';
import { area } from '@/lib/content/areas';
import { getPageContent, getTenders } from '@/lib/content/public';
import { formatDateTime, isoDate } from '@/lib/format';
import { pageMetadata } from '@/lib/seo';

export const generateMetadata = () => pageMetadata({ title: area('offres').label, description: area('offres').description, path: '/offres' });

export default async function TendersPage() {
  const a = area('offres');
  const [intro, tenders] = await Promise.all([getPageContent('intro:offres'), getTenders()]);
  return (
    <>
      <Breadcrumbs items={[{ label: a.label }]} />
      <h1 className="text-3xl font-bold leading-tight">{a.label}</h1>
      {intro?.body ? <RichText html={intro.body} className="mt-4 text-lg" /> : null}
      {tenders.length === 0 ? <p className="mt-6 text-muted">Aucun appel d&apos;offres publié.</p> : null}
      <ul className="mt-8 space-y-6">
        {tenders.map((t) => (
          <li key={t.id} className="rounded-lg border border-border p-5">
            <article>
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className={`rounded-full px-2 py-0.5 font-semibold ${t.open ? 'bg-primary text-primary-fg' : 'bg-surface-2 text-fg'}`}>
                  {t.open ? 'Ouvert' : 'Clos'}
                </span>
                <span className="text-muted">Réf. {t.reference}</span>
              </p>
              <h2 className="mt-2 text-lg font-semibold">{t.title}</h2>
              <p className="mt-1 text-sm">
                Date limite de dépôt : <time dateTime={isoDate(t.deadlineAt)}>{formatDateTime(t.deadlineAt)}</time>
              </p>
              {t.summary ? <p className="mt-2">{t.summary}</p> : null}
              {t.body ? <RichText html={t.body} className="mt-2 text-sm" /> : null}
              <div className="mt-3">
                <FileList files={t.files} />
              </div>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
