import { NotFoundView } from '@/components/site/not-found-view';

// notFound() from a public page (an unknown slug): inside the site's header and footer.
export default function SiteNotFound() {
  return <NotFoundView />;
}
