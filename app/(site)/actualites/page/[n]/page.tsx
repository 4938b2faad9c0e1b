import { notFound } from 'next/navigation';
import { NewsListPage } from '@/components/content/news-list-page';
import { area } from '@/lib/content/areas';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ n: string }> };

/** The page number of the URL (2 or more), or null. */
async function pageNumber(params: Props['params']) {
  const { n } = await params;
  const page = /^\d{1,6}$/.test(n) ? Number(n) : NaN;
  return page >= 2 ? page : null;
}

export function generateStaticParams() {
  return [{ n: '2' }];
}

export async function generateMetadata({ params }: Props) {
  const page = await pageNumber(params);
  if (!page) return { title: 'Page Not Found' };
  return pageMetadata({ title: `${area('news').label} (page ${page})`, description: area('news').description, path: `/actualites/page/${page}` });
}

export default async function NewsPageN({ params }: Props) {
  const page = await pageNumber(params);
  if (!page) notFound();
  return <NewsListPage page={page} />;
}
