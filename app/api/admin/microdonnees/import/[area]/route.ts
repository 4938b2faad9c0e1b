// POST /api/admin/microdonnees/import/{area} — a DDI Codebook file for a survey of that area
// (multipart: `file`; `survey`, the slug of the survey it becomes a new version of, or nothing for
// a new survey), read and kept for its preview (lib/microdata/imports.ts): nothing of the survey
// changes yet. 201 { id } → /admin/microdonnees/import/{id}; 400 with the French refusal (hostile
// or foreign XML, a survey of another area); 413 over the size limit.
import { needs } from '@/lib/admin/access';
import { adminRoute } from '@/lib/admin/handler';
import { getArea } from '@/lib/content/areas';
import { surveySlugPattern } from '@/lib/content/addresses';
import { ValidationError } from '@/lib/errors';
import { json, readUpload } from '@/lib/http/responses';
import { ddiMaxBytes } from '@/lib/microdata/ddi/parse';
import { prepareSurveyImport } from '@/lib/microdata/imports';
import { findSurvey } from '@/lib/microdata/queries';

const tooLarge = () => json({ error: `Fichier trop volumineux : ${ddiMaxBytes / 1024 / 1024} Mo au plus.` }, { status: 413 });

type Params = { area: string };

export const POST = adminRoute<Params>(
  ({ params }) => needs.describeSurvey([params.area]),
  async (request, { db, user, request: auth }, { area }) => {
    if (!getArea(area)) throw new ValidationError('Rubrique inconnue : choisissez celle de l’enquête.');
    if (Number(request.headers.get('content-length') ?? 0) > ddiMaxBytes + 64 * 1024) return tooLarge();
    const { form, file } = await readUpload(
      request,
      'Choisissez le fichier XML DDI exporté de votre outil (Nesstar, Metadata Editor, NADA).',
    );
    if (file.size > ddiMaxBytes) return tooLarge();
    const slug = form.get('survey');
    let surveyId: number | null = null;
    if (typeof slug === 'string' && slug !== '') {
      const survey = surveySlugPattern.test(slug) ? await findSurvey(db, slug) : null;
      if (!survey) throw new ValidationError('Enquête introuvable : elle a peut-être été supprimée.');
      if (survey.area !== area) throw new ValidationError('Cette enquête appartient à une autre rubrique : importez-la depuis sa page.');
      surveyId = survey.id;
    }
    const prepared = await prepareSurveyImport(db, {
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name,
      surveyId,
      area,
      actor: { user, ip: auth.ip },
    });
    if (!prepared.ok) throw new ValidationError(prepared.error);
    return json({ id: prepared.id }, { status: 201 });
  },
);
