import { formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { messages } from '@/lib/i18n/messages';
import { axisFontSize, inRange, plot, type ChartRange } from '@/lib/series/chart/geometry';
import { trendSentence } from '@/lib/series/chart/trend';
import type { SeriesData } from '@/lib/series/model';

const frame = { width: 720, height: 320, left: 56, right: 16, top: 16, bottom: 32 };

/**
 * A series' line chart, drawn on the server as SVG (no JavaScript): a title and a description
 * (the trend sentence, also the visible caption) for screen readers; non-definitive values drawn
 * as hollow points and named in a legend, so no meaning rests on colour alone.
 */
export function SeriesChart({ data, range, locale }: { data: SeriesData; range: ChartRange; locale: Locale }) {
  const t = messages(locale).series.chart;
  const { meta } = data;
  const shown = inRange(data.observations, range);
  if (shown.length === 0) return <p className="text-muted">{t.empty}</p>;
  const { path, points, yTicks, xTicks } = plot(shown, frame);
  const sentence = trendSentence(meta.label, meta.frequency, meta.decimals, shown, locale);
  const id = `graphique-${meta.code}-${range}`;
  const provisional = points.filter((p) => p.o.status !== 'A');
  const axisY = frame.height - frame.bottom;
  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${frame.width} ${frame.height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-titre ${id}-desc`}
        className="h-auto max-w-full text-fg"
      >
        <title id={`${id}-titre`}>
          {t.title(meta.label, t.range[range], `${meta.unit}${meta.basePeriod ? `, ${meta.basePeriod}` : ''}`)}
        </title>
        <desc id={`${id}-desc`}>{sentence}</desc>
        <g fontSize={axisFontSize} fill="currentColor">
          {yTicks.map((tick) => (
            <g key={tick.value}>
              <line x1={frame.left} x2={frame.width - frame.right} y1={tick.y} y2={tick.y} stroke="currentColor" strokeOpacity="0.15" />
              <text x={frame.left - 6} y={tick.y + 4} textAnchor="end">
                {formatNumber(tick.value, Number.isInteger(tick.value) ? 0 : 1, locale)}
              </text>
            </g>
          ))}
          <line x1={frame.left} x2={frame.width - frame.right} y1={axisY} y2={axisY} stroke="currentColor" strokeOpacity="0.6" />
          {xTicks.map((tick) => (
            <text key={tick.label} x={tick.x} y={axisY + 18} textAnchor="middle">
              {tick.label}
            </text>
          ))}
        </g>
        <path d={path} fill="none" stroke="var(--color-primary)" strokeWidth="2" strokeLinejoin="round" />
        {provisional.map((p) => (
          <circle key={p.o.period} cx={p.x} cy={p.y} r="3.5" fill="var(--color-bg)" stroke="var(--color-primary)" strokeWidth="1.5" />
        ))}
      </svg>
      <figcaption className="mt-2 text-sm">
        {sentence}
        {provisional.length > 0 ? (
          <span className="mt-1 flex items-center gap-2 text-muted">
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
              <circle cx="6" cy="6" r="4" fill="var(--color-bg)" stroke="var(--color-primary)" strokeWidth="1.5" />
            </svg>
            {t.hollow}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
