'use client';

import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import { inLang } from './in-lang';
import { SparklineSvg } from './sparkline';

/**
 * A headline figure as the text it shows in the page's language (`…Lang` where a text is in
 * another language): its label and period, value and base, status line, changes (the change's
 * sign, its text, what it is over) and trend line (its path, `sparklinePath`).
 */
export type KeyFigureViewProps = {
  headingLevel: 2 | 3;
  href: string | null;
  label: string;
  labelLang?: Locale;
  period: string;
  value: string;
  base: string | null;
  baseLang?: Locale;
  statusLine?: string;
  changes: [sign: number, text: string, over: string][];
  trend?: { d: string; label: string };
};

function Change({ sign, text, over }: { sign: number; text: string; over: string }) {
  const tone = sign > 0 ? 'text-up' : sign < 0 ? 'text-down' : 'text-muted';
  return (
    <p className="text-sm">
      <span className={`font-semibold ${tone}`}>
        <span aria-hidden="true">{sign > 0 ? '▲ ' : sign < 0 ? '▼ ' : '■ '}</span>
        {text}
      </span>{' '}
      <span className="text-muted">{over}</span>
    </p>
  );
}

/**
 * The markup of `KeyFigureCard` (`key-figure-card.tsx`), from plain data. A client component on
 * purpose: a page's RSC payload then carries a figure as these strings rather than as its element
 * tree; the HTML is the same, rendered on the server.
 */
export function KeyFigureView(f: KeyFigureViewProps) {
  const Heading = f.headingLevel === 2 ? 'h2' : 'h3';
  const title = (
    <>
      {inLang(f.label, f.labelLang)}
      <span className="block text-sm font-normal text-muted">{f.period}</span>
    </>
  );
  return (
    <article className="figure-card">
      <Heading className="font-semibold leading-snug">
        {f.href ? (
          <Link href={f.href} className="text-fg">
            {title}
          </Link>
        ) : (
          title
        )}
      </Heading>
      <p className="text-3xl font-bold tabular-nums">
        {f.value}
        <span className="ml-2 text-sm font-normal text-muted">{inLang(f.base, f.baseLang)}</span>
      </p>
      {f.statusLine ? <p className="text-xs text-muted">{f.statusLine}</p> : null}
      {f.changes.map(([sign, text, over]) => (
        <Change key={over} sign={sign} text={text} over={over} />
      ))}
      {f.trend ? <SparklineSvg d={f.trend.d} label={f.trend.label} /> : null}
    </article>
  );
}
