/** What an import would change, line by line: new values, revised ones (old → new), unchanged ones. */
import type { Observation } from '../model';
import type { ImportRow } from './import';

export type PreviewLine = {
  line: number;
  code: string;
  period: string;
  change: 'new' | 'revised' | 'unchanged';
  before?: Observation;
  after: Observation;
};
export type ImportPreview = { lines: PreviewLine[]; counts: { new: number; revised: number; unchanged: number } };

/** `current`: code → period (first day) → the value as it stands. A change of status alone is a revision. */
export function diffImport(rows: readonly ImportRow[], current: ReadonlyMap<string, ReadonlyMap<string, Observation>>): ImportPreview {
  const counts = { new: 0, revised: 0, unchanged: 0 };
  const lines = rows.map((r): PreviewLine => {
    const after: Observation = { period: r.period, value: r.value, status: r.status };
    const before = current.get(r.code)?.get(r.period);
    const change = !before ? 'new' : before.value === r.value && before.status === r.status ? 'unchanged' : 'revised';
    counts[change]++;
    return { line: r.line, code: r.code, period: r.period, change, ...(before ? { before } : {}), after };
  });
  lines.sort((a, b) => a.code.localeCompare(b.code) || a.period.localeCompare(b.period));
  return { lines, counts };
}
