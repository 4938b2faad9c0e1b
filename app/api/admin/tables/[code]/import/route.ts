// POST /api/admin/tables/{code}/import — a PX, CSV or XLSX file of a table's cells (multipart, field
// `file`; optional `unit`, `unitEn`, `unitCode`, `unitMult`, `decimals`), read and kept for its preview;
// nothing is published. 201 { id } → /admin/tableaux/import/{id}; 413 over the size limit.
import { z } from 'zod';
import { needs } from '@/lib/admin/access';
import { adminRoute } from '@/lib/admin/handler';
import { ValidationError } from '@/lib/errors';
import { json, readUpload } from '@/lib/http/responses';
import { maxTableImportBytes } from '@/lib/tables/import';
import { stageTableImport } from '@/lib/tables/imports';
import { findTable } from '@/lib/tables/queries';
import { isUnitMultiplier, unitCodeList, unitMultipliers } from '@/lib/tables/units';

const tooLarge = () =>
  json(
    { error: `Fichier trop volumineux : ${maxTableImportBytes / 1024 / 1024} Mo au plus. Découpez le tableau ou envoyez-le en PX.` },
    { status: 413 },
  );

const options = z.object({
  unit: z.string().trim().max(100, 'L’unité : 100 caractères au plus.').optional(),
  unitEn: z.string().trim().max(100, 'L’unité en anglais : 100 caractères au plus.').optional(),
  unitCode: z.enum(unitCodeList, { error: `Code d’unité inconnu : choisissez ${unitCodeList.join(', ')}.` }).optional(),
  unitMult: z.coerce
    .number()
    .refine(isUnitMultiplier, `Multiplicateur d’unité : ${unitMultipliers.join(', ')} (puissance de dix).`)
    .optional(),
  decimals: z.coerce
    .number()
    .int('Nombre entier de décimales.')
    .min(0, 'Entre 0 et 6 décimales.')
    .max(6, 'Entre 0 et 6 décimales.')
    .optional(),
});

type Params = { code: string };

export const POST = adminRoute<Params>(
  async ({ params }, { db }) => needs.prepareTable([(await findTable(db, params.code))?.area ?? '']),
  async (request, { db, user, request: auth }, { code }) => {
    const announced = Number(request.headers.get('content-length') ?? 0);
    if (announced > maxTableImportBytes + 64 * 1024) return tooLarge();
    const { form, file } = await readUpload(request, 'Choisissez un fichier PX, CSV ou XLSX à importer.');
    if (file.size > maxTableImportBytes) return tooLarge();
    const blank = (v: FormDataEntryValue | null) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
    const checked = options.safeParse({
      unit: blank(form.get('unit')),
      unitEn: blank(form.get('unitEn')),
      unitCode: blank(form.get('unitCode')),
      unitMult: blank(form.get('unitMult')),
      decimals: blank(form.get('decimals')),
    });
    if (!checked.success) throw new ValidationError(checked.error.issues[0]!.message);
    const { unit, unitEn, unitCode, unitMult, decimals } = checked.data;
    const staged = await stageTableImport(db, {
      code,
      filename: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      actor: { user, ip: auth.ip },
      measure: {
        ...(unit ? { unit: unitEn ? { fr: unit, en: unitEn } : { fr: unit } } : {}),
        ...(unitCode ? { unitCode } : {}),
        ...(unitMult !== undefined ? { unitMult } : {}),
        ...(decimals !== undefined ? { decimals } : {}),
      },
    });
    if (!staged.ok) return json({ error: staged.error }, { status: 404 });
    return json({ id: staged.value.id }, { status: 201 });
  },
);
