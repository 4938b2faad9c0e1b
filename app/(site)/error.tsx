'use client';

import { SiteError } from '@/components/site/site-error';

export default function ErrorPage(props: { error: Error & { digest?: string }; reset: () => void }) {
  return <SiteError locale="fr" {...props} />;
}
