/**
 * The service's address, and the one thing the production server does for it: SDMX clients (R's
 * rsdmx among them) ask for `dataflow/all/all/latest/` with a trailing slash, which Next would
 * answer with a redirect; the server hands Next the same address without it. No imports: the
 * production server loads this before Next.
 */

/** The path of the SDMX 2.1 REST service. */
export const sdmxRestPath = '/sdmx/rest';

/** The request's URL with the trailing slash of an SDMX path dropped (the query kept); any other URL as it is. */
export function sdmxWithoutTrailingSlash(url: string): string {
  if (!url.startsWith(`${sdmxRestPath}/`)) return url;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.endsWith('/') || path === `${sdmxRestPath}/`) return url;
  return path.replace(/\/+$/, '') + (q === -1 ? '' : url.slice(q));
}
