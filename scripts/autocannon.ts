/** autocannon, typed for what the benchmarks read of it (the package ships no types). */
import { createRequire } from 'node:module';

export type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Requests per second across all connections (a steady load instead of as fast as possible). */
  overallRate?: number;
}) => Promise<AutocannonResult>;

export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
