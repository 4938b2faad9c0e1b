import 'server-only';
import { tags } from '@/lib/cache/tags';
import { invalidateTags } from '@/lib/ops/invalidate';
import { geoLevelsTag } from './public';

/** After an upload: the level's maps and API answer, and the list of levels (which tables have a map). */
export async function invalidateGeo(level: string): Promise<void> {
  await invalidateTags([tags.geo(level), geoLevelsTag]);
}
