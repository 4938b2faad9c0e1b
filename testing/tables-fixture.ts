/**
 * Tables for the public side's tests, bench and end-to-end checks (until the demo content has its
 * own): a small one with every kind of note and status, and a big one of `regions × years` cells.
 * Written through the tables' own API (lib/tables/versions.ts), approved at once.
 */
import type { Db } from '@/lib/db/open';
import { users } from '@/lib/db/schema';
import { setSelfApproval } from '@/lib/review/settings';
import { statusByte } from '@/lib/tables/cells';
import { cellCountOf, type TableStructure } from '@/lib/tables/model';
import { createTable, writeTableVersion, type Actor } from '@/lib/tables/versions';

/** Région (3) × sexe (2) × année (4) × 2 measures (population, share of women with 1 decimal): 48 cells. */
export const smallStructure: TableStructure = {
  dimensions: [
    {
      code: 'REGION',
      label: { fr: 'Région', en: 'Region' },
      role: 'plain',
      note: { fr: 'Découpage de 2019.', en: '2019 boundaries.' },
      values: [
        { code: 'R01', label: { fr: 'Région du Nord', en: 'Northern Region' } },
        { code: 'R02', label: { fr: 'Région du Sud', en: 'Southern Region' }, note: { fr: 'Limites révisées en 2019.' } },
        { code: 'R03', label: { fr: 'Région de l’Est', en: 'Eastern Region' } },
      ],
    },
    {
      code: 'SEXE',
      label: { fr: 'Sexe', en: 'Sex' },
      role: 'plain',
      values: [
        { code: 'F', label: { fr: 'Femmes', en: 'Women' } },
        { code: 'M', label: { fr: 'Hommes', en: 'Men' } },
      ],
    },
    {
      code: 'ANNEE',
      label: { fr: 'Année', en: 'Year' },
      role: 'time',
      values: ['2021', '2022', '2023', '2024'].map((y) => ({ code: y, label: { fr: y } })),
    },
  ],
  measures: [
    { code: 'POP', label: { fr: 'Population', en: 'Population' }, unit: { fr: 'habitants', en: 'inhabitants' }, decimals: 0 },
    { code: 'TAUX', label: { fr: 'Taux de croissance', en: 'Growth rate' }, unit: { fr: '%', en: '%' }, decimals: 1 },
  ],
  notes: { fr: 'Population au 1er janvier.', en: 'Population on 1 January.' },
};

/** Value of a cell of the small table: POP = 1000 × region + 100 × sex + year index; TAUX = 1.25 × (year index + 1). */
export function smallValue(r: number, s: number, y: number, m: number): number {
  return m === 0 ? 1000 * (r + 1) + 100 * s + y : 1.25 * (y + 1);
}

async function actor(db: Db): Promise<Actor> {
  const [user] = await db
    .insert(users)
    .values({ name: 'Tables Fixture', email: `tables-fixture-${Math.random().toString(36).slice(2)}@example.org` })
    .returning({ id: users.id, name: users.name, email: users.email });
  return { user: user!, ip: '127.0.0.1' };
}

async function publish(
  db: Db,
  code: string,
  title: string,
  structure: TableStructure,
  fill: (values: Float64Array, statuses: Uint8Array) => void,
  notes = {},
) {
  const writer = await actor(db);
  const created = await createTable(db, {
    meta: {
      code,
      area: 'demographie',
      title,
      description: 'Tableau d’essai.',
      source: 'Recensement',
      method: '',
      notes: 'Chiffres arrondis.',
    },
    english: { title: `${title} (EN)` },
    actor: writer,
  });
  if (!created.ok) throw new Error(created.error);
  await setSelfApproval(db, { allowed: true, user: null, actor: 'tests' });
  const n = cellCountOf(structure);
  const values = new Float64Array(n);
  const statuses = new Uint8Array(n);
  fill(values, statuses);
  const written = await writeTableVersion(db, {
    code,
    source: { payload: { structure, values, statuses, notes }, sourceFile: `${code}.px` },
    kind: 'revision',
    reason: 'Première publication.',
    actor: writer,
    approver: true,
    now: new Date(Date.now() - 60_000),
  });
  if (!written.ok) throw new Error(written.error);
}

/** The small table `POP_TEST` (48 cells): R02 M 2024 missing, R01 F 2024 provisional, a note on R01 M 2022 POP. */
export async function insertSmallTable(db: Db, code = 'POP_TEST'): Promise<void> {
  await publish(
    db,
    code,
    'Population par région, sexe et année',
    smallStructure,
    (values, statuses) => {
      for (let r = 0; r < 3; r++)
        for (let s = 0; s < 2; s++)
          for (let y = 0; y < 4; y++) for (let m = 0; m < 2; m++) values[((r * 2 + s) * 4 + y) * 2 + m] = smallValue(r, s, y, m);
      const missing = ((1 * 2 + 1) * 4 + 3) * 2;
      values[missing] = NaN;
      statuses[missing] = statusByte('O');
      statuses[((0 * 2 + 0) * 4 + 3) * 2] = statusByte('P');
    },
    { [String(((0 * 2 + 1) * 4 + 1) * 2)]: { fr: 'Estimation après enquête.', en: 'Estimate after a survey.' } },
  );
}

/** The big table `POP_GRANDE`: `places` places × `years` years (1,000 × 1,000 = a million cells by default). */
export async function insertBigTable(db: Db, { places = 1000, years = 1000, code = 'POP_GRANDE' } = {}): Promise<void> {
  const structure: TableStructure = {
    dimensions: [
      {
        code: 'LIEU',
        label: { fr: 'Lieu', en: 'Place' },
        role: 'plain',
        values: Array.from({ length: places }, (_, i) => ({ code: `L${String(i).padStart(4, '0')}`, label: { fr: `Lieu ${i}` } })),
      },
      {
        code: 'ANNEE',
        label: { fr: 'Année', en: 'Year' },
        role: 'time',
        values: Array.from({ length: years }, (_, i) => ({ code: String(1100 + i), label: { fr: String(1100 + i) } })),
      },
    ],
    measures: [{ code: 'POP', label: { fr: 'Population' }, unit: { fr: 'habitants' }, decimals: 0 }],
  };
  await publish(db, code, 'Population par lieu et année', structure, (values) => {
    for (let i = 0; i < values.length; i++) values[i] = i;
  });
}
