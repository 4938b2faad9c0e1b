import type { Observation } from '@/lib/series/model';

/** The path of a trend line through `points`, drawn in a `width` × `height` box (null under two points). */
export function sparklinePath(points: Observation[], width = 160, height = 40): string | null {
  if (points.length < 2) return null;
  const values = points.map((p) => p.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = width / (points.length - 1);
  return values
    .map((v, i) => `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)},${(height - 4 - ((v - min) / span) * (height - 8)).toFixed(1)}`)
    .join(' ');
}

/** The trend line's picture, from its path (`sparklinePath`): usable by client components given the path. */
export function SparklineSvg({ d, label, width = 160, height = 40 }: { d: string; label: string; width?: number; height?: number }) {
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label={label} className="text-primary">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/** Small trend line drawn on the server (no chart library, no JavaScript). */
export function Sparkline({
  points,
  label,
  width = 160,
  height = 40,
}: {
  points: Observation[];
  label: string;
  width?: number;
  height?: number;
}) {
  const d = sparklinePath(points, width, height);
  return d ? <SparklineSvg d={d} label={label} width={width} height={height} /> : null;
}
