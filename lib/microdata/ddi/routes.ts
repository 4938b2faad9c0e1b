/**
 * The public DDI files of a survey: `/microdonnees/{slug}/ddi.xml` (DDI Codebook 2.5) and
 * `/microdonnees/{slug}/ddi.json`, open data like the series' files (ETag, 304, the public cache
 * headers of lib/http/conditional.ts); a survey not online answers 404 in French.
 */
import { getIdentity } from '@/lib/content/public';
import { surveyPath, surveySlugPattern } from '@/lib/content/addresses';
import { env } from '@/lib/env';
import { conditional } from '@/lib/http/conditional';
import { perRequest } from '@/lib/http/per-request';
import { getPublicCodebook } from '../public';
import { toDdi25, toDdiJson } from './export';

type Params = { params: Promise<{ slug: string }> };

const notFound = () =>
  new Response('Enquête introuvable : elle n’existe pas ou n’est pas encore en ligne.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

async function load(segment: Params) {
  await perRequest();
  const { slug } = await segment.params;
  return surveySlugPattern.test(slug) ? getPublicCodebook(slug) : null;
}

export async function ddiXmlRoute(request: Request, segment: Params): Promise<Response> {
  const found = await load(segment);
  if (!found) return notFound();
  const identity = await getIdentity();
  const body = toDdi25(found.codebook, { id: found.codebook.study.idno || found.survey.slug, producedBy: identity?.name });
  return conditional(request, body, 'application/xml; charset=utf-8', {
    'Content-Disposition': `inline; filename="${found.survey.slug}-ddi.xml"`,
  });
}

export async function ddiJsonRoute(request: Request, segment: Params): Promise<Response> {
  const found = await load(segment);
  if (!found) return notFound();
  const body = toDdiJson(found.codebook, {
    slug: found.survey.slug,
    version: found.survey.version.number,
    url: new URL(surveyPath(found.survey.slug), env.SITE_URL).toString(),
    files: found.survey.files.map((f) => ({ ddiId: f.ddiId, access: f.access, conditions: f.conditions })),
  });
  return conditional(request, body, 'application/json; charset=utf-8', {
    'Content-Disposition': `inline; filename="${found.survey.slug}-ddi.json"`,
  });
}
