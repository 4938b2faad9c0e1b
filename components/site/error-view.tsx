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
  // On a French page the seed's English status follows the French one, marked as English.
  const own = statusCode === 404 ? labels.said.notFound : labels.said.serverError;
  const said = own !== message ? own : null;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
      <p className="text-6xl font-bold text-primary">{statusCode}</p>
      {said ? (
        <h1 className="mt-4 text-2xl font-bold">
          {said}
          <span lang="en" className="mt-1 block text-lg font-normal">
            {message}
          </span>
        </h1>
      ) : (
        <h1 className="mt-4 text-2xl font-bold">{message}</h1>
      )}
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
