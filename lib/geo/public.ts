/**
 * The public reads of boundaries, cached and tagged (`geo:{level}`, dropped by an upload): the
 * levels, and a level's newest boundaries for its maps and `/api/v1/geo/{level}`.
 */
import 'server-only';
import { cacheLife, cacheTag } from 'next/cache';
import { tags } from '@/lib/cache/tags';
import { getDb } from '@/lib/db';
import { latestBoundaries, listLevels, type LevelBoundaries } from './levels';

/** Tag of the list of levels (a new level changes which dimensions are drawn). */
export const geoLevelsTag = tags.geo('*');

/** Every level and the dimension it draws. */
export async function getGeoLevels(): Promise<{ code: string; dimension: string; nameFr: string; nameEn: string }[]> {
  'use cache';
  cacheLife('content');
  cacheTag(geoLevelsTag);
  return listLevels(await getDb());
}

/** A level's newest boundaries, or null. */
export async function getPublicBoundaries(level: string): Promise<LevelBoundaries | null> {
  'use cache';
  cacheLife('content');
  cacheTag(tags.geo(level), geoLevelsTag);
  return latestBoundaries(await getDb(), level);
}
