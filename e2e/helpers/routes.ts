/** Discovering content-dependent routes from the running site's list pages. */
import { expect, type APIRequestContext } from '@playwright/test';
import { firstNewsPath, firstPublicationPath, firstTranslatedNewsPath } from '../../testing/links';

async function listHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), `statut HTTP de ${path}`).toBe(200);
  return response.text();
}

/** The first news item linked from `/actualites`. */
export async function findFirstNewsPath(request: APIRequestContext): Promise<string> {
  const found = firstNewsPath(await listHtml(request, '/actualites'));
  expect(found, 'aucun lien /actualites/<id> sur la page /actualites').toBeDefined();
  return found as string;
}

/** The first news item of `/en/actualites` that has an English title (another test may have added an untranslated one first). */
export async function findFirstTranslatedNewsPath(request: APIRequestContext): Promise<string> {
  const found = firstTranslatedNewsPath(await listHtml(request, '/en/actualites'));
  expect(found, 'aucune actualité traduite sur la page /en/actualites').toBeDefined();
  return found as string;
}

/** The first publication linked from an area page (`{areaPath}/{slug}`). */
export async function findFirstPublicationPath(request: APIRequestContext, areaPath: string): Promise<string> {
  const found = firstPublicationPath(await listHtml(request, areaPath), areaPath);
  expect(found, `aucun lien vers une publication (${areaPath}/<slug>) sur la page ${areaPath}`).toBeDefined();
  return found as string;
}
