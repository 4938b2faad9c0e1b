/** Date helpers for the demo content: French labels and UTC arithmetic. */

export const monthNames = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];
const monthShort = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'];

const DAY = 86_400_000;

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A UTC date-time. `month0` is 0-based and may overflow (JavaScript rules). */
export const utc = (year: number, month0: number, day: number, hour = 0, minute = 0) => new Date(Date.UTC(year, month0, day, hour, minute));

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY);

/** `days` before/after `date`, at the given UTC hour. */
export const daysFrom = (date: Date, days: number, hour = 9, minute = 0) => {
  const d = addDays(date, days);
  return utc(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), hour, minute);
};

/** `YYYY-MM-DD`. */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** « 15 septembre 2026 ». */
export const dateLabel = (date: Date) =>
  `${date.getUTCDate() === 1 ? '1er' : date.getUTCDate()} ${monthNames[date.getUTCMonth()]} ${date.getUTCFullYear()}`;

/** Months as absolute indexes (`year * 12 + month0`), convenient for series. */
export const monthIndex = (date: Date) => date.getUTCFullYear() * 12 + date.getUTCMonth();
const monthYear = (index: number) => Math.floor(index / 12);
export const monthOf = (index: number) => index % 12;
const monthStart = (index: number) => utc(monthYear(index), monthOf(index), 1);
export const monthEnd = (index: number) => utc(monthYear(index), monthOf(index) + 1, 0);
/** `YYYY-MM-01`. */
export const monthPeriod = (index: number) => isoDate(monthStart(index));
/** « Septembre 2026 ». */
export const monthLabel = (index: number) => `${capitalize(monthNames[monthOf(index)] ?? '')} ${monthYear(index)}`;
/** « sept. 26 » for chart axes. */
export const monthAxis = (index: number) => `${monthShort[monthOf(index)]} ${String(monthYear(index)).slice(2)}`;

/** Quarters as absolute indexes (`year * 4 + quarter0`). */
const quarterYear = (q: number) => Math.floor(q / 4);
const quarterOf = (q: number) => q % 4;
export const quarterFirstMonth = (q: number) => quarterYear(q) * 12 + quarterOf(q) * 3;
/** « 3e trimestre 2026 ». */
export const quarterLabel = (q: number) => `${quarterOf(q) === 0 ? '1er' : `${quarterOf(q) + 1}e`} trimestre ${quarterYear(q)}`;
export const quarterAxis = (q: number) => `T${quarterOf(q) + 1} ${quarterYear(q)}`;

/** The latest date with this month/day (and time) strictly before `now`, moved back `skip` years. */
export function lastAnnual(now: Date, month0: number, day: number, skip = 0, hour = 10): Date {
  let year = now.getUTCFullYear();
  if (utc(year, month0, day, hour) >= now) year -= 1;
  return utc(year - skip, month0, day, hour);
}

/** Moves a date back off the week-end and the two fixed holidays (25 December, 1 January), so past stays past. */
export function weekday(date: Date): Date {
  let d = date;
  for (let i = 0; i < 4; i++) {
    const dow = d.getUTCDay();
    const holiday = (d.getUTCMonth() === 11 && d.getUTCDate() === 25) || (d.getUTCMonth() === 0 && d.getUTCDate() === 1);
    if (dow !== 0 && dow !== 6 && !holiday) break;
    d = addDays(d, -1);
  }
  return d;
}
