/**
 * CORS of the open data (the series API, its OpenAPI description, feeds, NSDP files): any origin
 * may read them with GET, and see the headers a re-user needs (ETag, rate limit, file name).
 */
export const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
  'Access-Control-Allow-Headers': 'If-None-Match',
  'Access-Control-Expose-Headers': 'ETag, Retry-After, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Content-Disposition',
  'Access-Control-Max-Age': '86400',
};

/** The answer to a browser's preflight (`OPTIONS`). */
export const preflight = (): Response => new Response(null, { status: 204, headers: corsHeaders });
