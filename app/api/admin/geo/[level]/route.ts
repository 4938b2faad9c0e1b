// POST /api/admin/geo/{level} — boundaries of a geographic level (multipart: `file` GeoJSON, TopoJSON
// or zipped shapefile; `nameFr`, `nameEn`, `dimension`): checked, simplified and stored as a new
// version (lib/geo/levels.ts). 201 { version, codes }; 400 with a French message naming the problem.
import { z } from 'zod';
import { needs } from '@/lib/admin/access';
import { adminRoute } from '@/lib/admin/handler';
import { ValidationError } from '@/lib/errors';
import { boundaryMaxBytes } from '@/lib/geo/boundaries';
import { invalidateGeo } from '@/lib/geo/invalidate';
import { levelCodePattern, uploadBoundaries } from '@/lib/geo/levels';
import { json, readUpload } from '@/lib/http/responses';

const fields = z.object({
  level: z.string().regex(levelCodePattern, 'Code du niveau : lettres minuscules, chiffres et tirets (« regions »).'),
  nameFr: z.string().trim().min(1, 'Donnez le nom du niveau (« Régions »).').max(80, 'Nom du niveau : 80 caractères au plus.'),
  nameEn: z.string().trim().max(80, 'Nom anglais : 80 caractères au plus.'),
  dimension: z
    .string()
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{0,39}$/, 'Code de la dimension des tableaux : majuscules, chiffres et _ (« REGION »).'),
});

type Params = { level: string };

export const POST = adminRoute<Params>(needs.geoBoundaries, async (request, { db, user, request: auth }, { level }) => {
  if (Number(request.headers.get('content-length') ?? 0) > boundaryMaxBytes + 64 * 1024)
    return json({ error: `Fichier trop volumineux : ${boundaryMaxBytes / 1024 / 1024} Mo au plus.` }, { status: 413 });
  const { form, file } = await readUpload(request, 'Choisissez un fichier GeoJSON, TopoJSON ou un shapefile zippé.');
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const checked = fields.safeParse({ level, nameFr: text('nameFr'), nameEn: text('nameEn'), dimension: text('dimension') });
  if (!checked.success) throw new ValidationError(checked.error.issues[0]!.message);
  const input = checked.data;
  const result = await uploadBoundaries(
    db,
    { ...input, nameEn: input.nameEn || input.nameFr, bytes: Buffer.from(await file.arrayBuffer()) },
    { user, ip: auth.ip },
  );
  if (!result.ok) throw new ValidationError(result.error);
  await invalidateGeo(input.level);
  return json({ version: result.version, codes: result.codes }, { status: 201 });
});
