import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname),
      // `server-only` throws outside Next's server bundles; tests run lib code directly.
      'server-only': path.resolve(import.meta.dirname, 'testing/empty.ts'),
    },
  },
  test: {
    include: [
      'lib/**/*.test.ts',
      'demo/**/*.test.ts',
      'testing/**/*.test.ts',
      'app/**/*.test.ts',
      'components/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // PGlite instances are memory-hungry; two workers fit the 2-core machines.
    maxWorkers: 2,
  },
});
