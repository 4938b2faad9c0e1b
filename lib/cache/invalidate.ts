import 'server-only';
import { revalidateTag } from 'next/cache';
import { clearPageCache } from '@/lib/http/page-cache';
import { invalidatePublicPathIndex } from '@/lib/routing/path-index';

/**
 * After a write: expires exactly these tags (the next request renders fresh content), the
 * proxy's index of existing paths and the front page cache. Call from server actions and route handlers only.
 */
export function invalidateTags(tagList: readonly string[]): void {
  for (const tag of new Set(tagList)) revalidateTag(tag, { expire: 0 });
  invalidatePublicPathIndex();
  clearPageCache();
}
