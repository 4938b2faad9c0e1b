/**
 * Conditional answers for open data (series files, the OpenAPI description, Atom and iCalendar
 * feeds, NSDP files): an ETag from the body's bytes, 304 when the client already holds it.
 */
import { createHash } from 'node:crypto';
import { corsHeaders } from './cors';

/** Browsers and proxies may keep an answer this long: a release is visible everywhere within it. */
export const maxAgeSeconds = 30;

/**
 * The response for a body: ETag from its bytes, 304 when the client has it, files named after
 * what they hold (`extra` headers, such as `Content-Disposition`).
 */
export function conditional(request: Request, body: string | Uint8Array, type: string, extra: Record<string, string> = {}): Response {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers: Record<string, string> = {
    ...corsHeaders,
    'Content-Type': type,
    ETag: etag,
    'Cache-Control': `public, max-age=${maxAgeSeconds}`,
    Vary: 'Origin',
    ...extra,
  };
  const match = request.headers.get('if-none-match');
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === 'HEAD' ? null : (body as BodyInit), { status: 200, headers });
}
