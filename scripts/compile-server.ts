/**
 * Compiles the production server (scripts/serve.ts, scripts/production-server.ts and the `lib/` code they import) into
 * one file of plain JavaScript, `.next/production-server.mjs`, at build time: run under tsx, its
 * loader thread cost every uncached request about 2.6 ms. `next` and every package stay outside
 * the bundle (loaded from node_modules, as Next's own bundles load them), so the server and Next
 * share one copy of React and of Next's runtime.
 */
import path from 'node:path';
import { build } from 'esbuild';

/** Where the compiled server is written (inside the build: `npm start` rebuilds both together). */
export const compiledServerPath = path.join('.next', 'production-server.mjs');

/** Bundles the production server; throws (with esbuild's messages) when it does not compile. */
export async function compileServer(): Promise<void> {
  await build({
    entryPoints: ['scripts/serve.ts'],
    outfile: compiledServerPath,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Every package from node_modules, at run time; `@/` is tsconfig.json's alias, resolved here.
    packages: 'external',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  });
}
