import path from 'node:path';
import type { NextConfig } from 'next';
import { env } from './lib/env';
import { securityHeaders } from './lib/http/security-headers';

const nextConfig: NextConfig = {
  cacheComponents: true,
  // Links prefetch the route's shell, not whole pages: lighter on slow mobile connections.
  partialPrefetching: true,
  // PGlite loads its WebAssembly and data files from its package directory at run time.
  serverExternalPackages: ['@electric-sql/pglite'],
  // One root layout per language (app/(site), app/(en)/en) and the back-office's: unknown addresses
  // get app/global-not-found.tsx, which writes its own document.
  experimental: { globalNotFound: true },
  poweredByHeader: false,
  // `npm test` typechecks as its own step; `npm start` on a new machine need not do it twice.
  typescript: { ignoreBuildErrors: true },
  reactStrictMode: true,
  // Next's own caches (pages on disk, `'use cache'` entries in memory), each with one more check: an
  // entry is a miss once one of its tags changed on any app instance or before a restart
  // (lib/cache/tag-store.ts, started by instrumentation.ts). Imported by path at run time.
  cacheHandler: path.join(process.cwd(), 'lib/cache/handlers/incremental-cache.mjs'),
  cacheHandlers: {
    default: path.join(process.cwd(), 'lib/cache/handlers/use-cache.mjs'),
    remote: path.join(process.cwd(), 'lib/cache/handlers/use-cache.mjs'),
  },
  cacheLife: {
    /** Public content: tag invalidation makes edits visible at once; this bounds staleness otherwise. */
    content: { stale: 60, revalidate: env.PUBLIC_REVALIDATE_SECONDS, expire: 7 * 86_400 },
  },
  images: {
    localPatterns: [{ pathname: '/fichiers/**' }],
    formats: ['image/avif', 'image/webp'],
    deviceSizes: [480, 768, 1024, 1280, 1600],
    imageSizes: [96, 160, 320],
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: securityHeaders({
          siteUrl: env.SITE_URL,
          apiBaseUrl: env.NEXT_PUBLIC_API_BASE_URL,
          production: env.NODE_ENV === 'production',
        }),
      },
    ];
  },
};

export default nextConfig;
