import { formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { chartFontSize, chartFrame as f, type TableChart } from '@/lib/tables/read/chart';

/** Strokes told apart by their dash as well as their colour (no meaning on colour alone). */
const strokes = [
  { color: 'var(--color-primary)', dash: undefined },
  { color: '#c2410c', dash: '6 3' },
  { color: '#15803d', dash: '2 3' },
  { color: '#7e22ce', dash: '10 3 2 3' },
  { color: '#b91c1c', dash: '12 4' },
  { color: '#0e7490', dash: '1 2' },
];

/** A selection's chart as SVG, drawn on the server: a title and a description for screen readers, a legend. */
export function TableChartView({
  chart,
  title,
  description,
  locale,
  id,
}: {
  chart: TableChart;
  title: string;
  description: string;
  locale: Locale;
  id: string;
}) {
  const axisY = f.height - f.bottom;
  const fmt = (v: number) => formatNumber(v, Number.isInteger(v) ? 0 : 1, locale);
  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${f.width} ${f.height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-titre ${id}-desc`}
        className="h-auto max-w-full text-fg"
      >
        <title id={`${id}-titre`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g fontSize={chartFontSize} fill="currentColor">
          {chart.yTicks.map((tick) => (
            <g key={tick.value}>
              <line x1={f.left} x2={f.width - f.right} y1={tick.y} y2={tick.y} stroke="currentColor" strokeOpacity="0.15" />
              <text x={f.left - 6} y={tick.y + 4} textAnchor="end">
                {fmt(tick.value)}
              </text>
            </g>
          ))}
          <line x1={f.left} x2={f.width - f.right} y1={axisY} y2={axisY} stroke="currentColor" strokeOpacity="0.6" />
          {chart.xTicks.map((tick) => (
            <text key={`${tick.label}-${tick.x}`} x={tick.x} y={axisY + 18} textAnchor="middle">
              {tick.label}
            </text>
          ))}
        </g>
        {chart.kind === 'line'
          ? chart.lines.map((line, i) => (
              <path
                key={line.label}
                d={line.path}
                fill="none"
                stroke={strokes[i % strokes.length]!.color}
                strokeDasharray={strokes[i % strokes.length]!.dash}
                strokeWidth="2"
                strokeLinejoin="round"
              />
            ))
          : chart.bars.map((bar) => (
              <rect key={bar.label} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill="var(--color-primary)" />
            ))}
      </svg>
      {chart.kind === 'line' && chart.lines.length > 1 ? (
        <figcaption className="mt-2">
          <ul className="flex flex-wrap gap-4 text-sm">
            {chart.lines.map((line, i) => (
              <li key={line.label} className="flex items-center gap-2">
                <svg width="28" height="10" viewBox="0 0 28 10" aria-hidden="true">
                  <line
                    x1="0"
                    x2="28"
                    y1="5"
                    y2="5"
                    stroke={strokes[i % strokes.length]!.color}
                    strokeDasharray={strokes[i % strokes.length]!.dash}
                    strokeWidth="2"
                  />
                </svg>
                {line.label}
              </li>
            ))}
          </ul>
        </figcaption>
      ) : null}
    </figure>
  );
}
