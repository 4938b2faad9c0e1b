import type { Metadata } from 'next';
import { NotFoundView } from '@/components/site/not-found-view';

// proxy.ts rewrites here (status 404) every path that cannot exist; the page names that path.
export const metadata: Metadata = { title: 'Page Not Found', robots: { index: false } };

export function generateStaticParams() {
  return [{ chemin: ['page'] }];
}

export default async function MissingPage({ params }: { params: Promise<{ chemin: string[] }> }) {
  const { chemin } = await params;
  return <NotFoundView path={`/${chemin.map(decodeURIComponent).join('/')}`} />;
}
