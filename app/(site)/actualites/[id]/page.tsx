import Image from 'next/image';
import { notFound } from 'next/navigation';
import { Breadcrumbs } from '@/components/content/breadcrumbs';
import { RichText } from '@/components/content/rich-text';
import { area } from '@/lib/content/areas';
import { getNewsItem, getPublicRefs } from '@/lib/content/public';
import { fileUrl } from '@/lib/content/urls';
import { formatDate, isoDate } from '@/lib/format';
import { pageMetadata } from '@/lib/seo';

type Props = { params: Promise<{ id: string }> };

/** The news item for a route id, or null (any id that is not a positive integer included). */
async function find(params: Props['params']) {
  const { id } = await params;
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return null;
  return getNewsItem(Number(id));
}

export async function generateStaticParams() {
  const { news } = await getPublicRefs();
  return news.length > 0 ? news.map((n) => ({ id: String(n.id) })) : [{ id: '1' }];
}

// Metadata never calls notFound(): the page does, so the 404 is rendered on the server.
export async function generateMetadata({ params }: Props) {
  const item = await find(params);
  if (!item) return { title: 'Page Not Found' };
  return pageMetadata({ title: item.title, description: item.excerpt, path: `/actualites/${item.id}`, type: 'article' });
}

export default async function NewsItemPage({ params }: Props) {
  const item = await find(params);
  if (!item) notFound();
  return (
    <>
      <Breadcrumbs items={[{ label: area('news').label, href: '/actualites' }, { label: item.title }]} />
      <article>
        <h1 className="text-3xl font-bold leading-tight">{item.title}</h1>
        <p className="mt-2 text-muted">
          Publié le <time dateTime={isoDate(item.publishedAt)}>{formatDate(item.publishedAt)}</time>
        </p>
        {item.cover ? (
          <Image
            src={fileUrl(item.cover)}
            alt=""
            width={item.cover.width ?? 1200}
            height={item.cover.height ?? 800}
            sizes="(min-width: 1024px) 768px, 100vw"
            priority
            className="mt-6 aspect-[3/2] h-auto w-full max-w-3xl rounded-lg object-cover"
          />
        ) : null}
        <p className="mt-6 max-w-3xl text-lg font-medium">{item.excerpt}</p>
        <RichText html={item.body} className="mt-6" />
      </article>
    </>
  );
}
