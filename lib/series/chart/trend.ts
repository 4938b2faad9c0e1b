/** The French sentence that states what a series' chart shows (for its `<desc>` and its caption). */
import { formatChange, formatNumber } from '@/lib/format';
import { periodLabel, periodsPerYear, type Frequency, type Observation } from '../model';

const change = (a: number, b: number) => ((a - b) / b) * 100;
const movement = (pct: number) => (Math.abs(pct) < 0.05 ? 'est restée stable' : pct > 0 ? `a augmenté de ${formatChange(pct).replace(/^\+/, '')}` : `a baissé de ${formatChange(pct).replace(/^[−-]/, '')}`);

export function trendSentence(label: string, frequency: Frequency, decimals: number, observations: Observation[]): string {
  const first = observations[0];
  const last = observations.at(-1);
  if (!first || !last) return `${label} : aucune valeur publiée.`;
  if (observations.length === 1) return `${label} : une seule valeur publiée, ${formatNumber(last.value, decimals)} en ${periodLabel(last.period, frequency)}.`;
  const from = periodLabel(first.period, frequency);
  const to = periodLabel(last.period, frequency);
  const span = frequency === 'quarterly' ? `Du ${from} au ${to}` : `${/^[aeiouéèh]/i.test(from) ? 'D’' : 'De '}${from} à ${to}`;
  let sentence = `${span}, la série « ${label} » est passée de ${formatNumber(first.value, decimals)} à ${formatNumber(last.value, decimals)} (${formatChange(change(last.value, first.value))}).`;
  const yearAgo = observations.at(-1 - periodsPerYear[frequency]);
  if (yearAgo && frequency !== 'annual') sentence += ` Sur un an, elle ${movement(change(last.value, yearAgo.value))}.`;
  const previous = observations.at(-2);
  if (previous) sentence += ` Sur la dernière période, elle ${movement(change(last.value, previous.value))}.`;
  return sentence;
}
