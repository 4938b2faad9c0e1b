import Link from 'next/link';
import { defaultLocale, type Locale } from '@/lib/i18n/locales';
import type { Messages } from '@/lib/i18n/messages';
import { localePath } from '@/lib/i18n/paths';

/**
 * The seed's error page: a status code, a status message and a description. Also rendered by the
 * client error boundaries (app/(site)/error.tsx, app/(en)/en/error.tsx), so its words come as
 * `labels` (`messages(locale).site.error`). `locale` picks the home page it links to; French when
 * not given, until every caller passes it.
 */
export function ErrorView({
  statusCode = 500,
  description,
  labels,
  locale = defaultLocale,
  children,
}: {
  statusCode?: number;
  description?: React.ReactNode;
  labels: Messages['site']['error'];
  locale?: Locale;
  children?: React.ReactNode;
}) {
  const message = statusCode === 404 ? labels.notFound : labels.serverError;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <p className="text-6xl font-bold text-primary">{statusCode}</p>
      <h1 className="mt-4 text-2xl font-bold">{message}</h1>
      <p className="mt-3 text-muted">{description}</p>
      {children}
      <p className="mt-8">
        <Link
          href={localePath(locale, '/')}
          className="rounded-md bg-primary px-4 py-2 text-primary-fg no-underline hover:bg-primary-hover"
        >
          {labels.home}
        </Link>
      </p>
    </div>
  );
}
