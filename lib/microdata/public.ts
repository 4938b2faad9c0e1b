import 'server-only';
/**
 * The microdata pages' reads, as of the clock's now (lib/clock.ts: nothing shows before its minute):
 * rendered per request, like the tables' query pages, so the catalogue's query and a survey put
 * online at a later minute need no cache of their own.
 */
import { currentTime } from '@/lib/clock';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { filterCatalogue, type CatalogueQuery } from './catalogue';
import { translatableStudyFields, type Study } from './model';
import {
  findPublicSurvey,
  listPublicSurveys,
  searchVariables,
  surveyCodebook,
  surveyDocumentsOf,
  surveysWithVariable,
  versionVariable,
  versionVariables,
  type SurveyRow,
} from './queries';

/** The study in `locale`: the English texts where the survey has them, the French elsewhere. */
export function localStudy(survey: SurveyRow, locale: Locale): Study {
  if (locale === 'fr') return survey.study;
  const study = { ...survey.study };
  for (const field of translatableStudyFields) {
    const en = survey.studyEn[field];
    if (en) study[field] = en;
  }
  return study;
}

export async function getCatalogue(query: CatalogueQuery) {
  const db = await getDb();
  const now = currentTime();
  const [all, withVariable] = await Promise.all([
    listPublicSurveys(db, now),
    query.q ? surveysWithVariable(db, query.q, now) : new Set<number>(),
  ]);
  return filterCatalogue(all, query, withVariable);
}

export async function getPublicSurveyPage(slug: string) {
  const db = await getDb();
  const now = currentTime();
  const survey = await findPublicSurvey(db, slug, now);
  if (!survey) return null;
  const [variables, documents] = await Promise.all([versionVariables(db, survey.version.id), surveyDocumentsOf(db, survey.id, now)]);
  return { survey, variables, documents };
}

export async function getPublicVariablePage(slug: string, name: string) {
  const db = await getDb();
  const survey = await findPublicSurvey(db, slug, currentTime());
  if (!survey) return null;
  const variable = await versionVariable(db, survey.version.id, name);
  return variable ? { survey, variable } : null;
}

export const variablePageSize = 50;

export async function getVariableSearch(q: string, page: number) {
  if (!q.trim()) return { hits: [], more: false };
  const hits = await searchVariables(await getDb(), {
    q,
    now: currentTime(),
    limit: variablePageSize,
    offset: (page - 1) * variablePageSize,
  });
  return { hits: hits.slice(0, variablePageSize), more: hits.length > variablePageSize };
}

/** A survey online and its codebook (the DDI export), or null. */
export async function getPublicCodebook(slug: string) {
  const db = await getDb();
  const survey = await findPublicSurvey(db, slug, currentTime());
  return survey ? { survey, codebook: await surveyCodebook(db, survey) } : null;
}
