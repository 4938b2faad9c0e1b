/**
 * The demo's geographic level: Sahelia's 8 regions (`regions`, the tables' `REGION` dimension),
 * uploaded from `regions.geojson` (made once by ./generate-regions.ts) through the back-office's
 * own checks and simplification.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '@/lib/db/open';
import { uploadBoundaries } from '@/lib/geo/levels';

export const demoRegionsFile = path.join(import.meta.dirname, 'regions.geojson');

export async function seedDemoBoundaries(db: Db): Promise<void> {
  const result = await uploadBoundaries(
    db,
    { level: 'regions', nameFr: 'Régions', nameEn: 'Regions', dimension: 'REGION', bytes: fs.readFileSync(demoRegionsFile) },
    { user: null, actor: 'Données de démonstration' },
  );
  if (!result.ok) throw new Error(result.error);
}
