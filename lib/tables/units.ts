/**
 * Units of measure as codes, the way SDMX files carry them (the global codelists CL_UNIT and
 * CL_UNIT_MULT): a code (`PS` persons, `XOF` CFA francs, `IX` an index, `PC` a percentage), its
 * labels in French and English, and a power of ten (`UNIT_MULT`: 3 thousands, 6 millions). A
 * measure's French unit label stays what the page prints (« base 100 = 2020 »); the code is what
 * machines read. Pure: client components and the series' files may import it.
 */

/** A text in French and English (the same shape as the tables' `Labels`; this module imports nothing, so the series' files use it too). */
type Labels = { fr: string; en?: string };

/** The unit codes the back-office offers (a subset of SDMX CL_UNIT), with their labels. */
export const unitCodes = {
  PS: { fr: 'personnes', en: 'persons' },
  HH: { fr: 'ménages', en: 'households' },
  XOF: { fr: 'francs CFA', en: 'CFA francs' },
  EUR: { fr: 'euros', en: 'euros' },
  USD: { fr: 'dollars des États-Unis', en: 'US dollars' },
  IX: { fr: 'indice', en: 'index' },
  PC: { fr: 'pourcentage', en: 'percent' },
  PT: { fr: 'points de pourcentage', en: 'percentage points' },
  T: { fr: 'tonnes', en: 'tonnes' },
  HA: { fr: 'hectares', en: 'hectares' },
  KM2: { fr: 'kilomètres carrés', en: 'square kilometres' },
  N: { fr: 'nombre', en: 'number' },
} as const satisfies Record<string, Labels>;
export type UnitCode = keyof typeof unitCodes;
export const unitCodeList = Object.keys(unitCodes) as UnitCode[];
export const isUnitCode = (code: string): code is UnitCode => Object.hasOwn(unitCodes, code);

/** The multipliers offered (CL_UNIT_MULT: the power of ten the figures are expressed in). */
export const unitMultipliers = [0, 3, 6, 9] as const;
export type UnitMultiplier = (typeof unitMultipliers)[number];
export const unitMultiplierLabels: Record<UnitMultiplier, Labels> = {
  0: { fr: 'unités', en: 'units' },
  3: { fr: 'milliers', en: 'thousands' },
  6: { fr: 'millions', en: 'millions' },
  9: { fr: 'milliards', en: 'billions' },
};
export const isUnitMultiplier = (n: number): n is UnitMultiplier => (unitMultipliers as readonly number[]).includes(n);

/**
 * The code and multiplier of a unit known only by its French label (rows written before units had
 * codes, files that carry a label only): « millions de francs CFA » is XOF × 10⁶, « base 100 = 2020 »
 * an index, « % » a percentage, « habitants » persons. `N` (a number) when nothing matches. The
 * migration 0023 applies the same rules in SQL.
 */
export function guessUnit(label: string): { code: UnitCode; mult: UnitMultiplier } {
  const l = label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
  const mult: UnitMultiplier = /\bmilliards?\b/.test(l) ? 9 : /\bmillions?\b/.test(l) ? 6 : /\bmilliers?\b/.test(l) ? 3 : 0;
  const code: UnitCode = /franc|fcfa|xof/.test(l)
    ? 'XOF'
    : /\beuros?\b/.test(l)
      ? 'EUR'
      : /dollar/.test(l)
        ? 'USD'
        : /indice|base 100|\bindex\b/.test(l)
          ? 'IX'
          : /points? de pourcentage/.test(l)
            ? 'PT'
            : /^%$|pour ?cent|pourcentage/.test(l)
              ? 'PC'
              : /habitant|personne|individu|population/.test(l)
                ? 'PS'
                : /menage/.test(l)
                  ? 'HH'
                  : /tonne/.test(l)
                    ? 'T'
                    : /hectare/.test(l)
                      ? 'HA'
                      : /km2|km²|kilometres? carres?/.test(l)
                        ? 'KM2'
                        : 'N';
  return { code, mult };
}
