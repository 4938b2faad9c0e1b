/**
 * The versioned data a release carries (lib/versions): each versioning's versions take the
 * release's time, move with it, keep it from being cancelled, are approved with it as a whole and
 * come out with it. A new versioning is one line here. `piece`: how a release's review names
 * what is missing (`MissingApproval.kind`).
 */
import { seriesVersioning } from '@/lib/series/versioning';
import { tableVersioning } from '@/lib/tables/versioning';
import type { Versioning } from '@/lib/versions/model';

export const carriedVersionings: readonly { versioning: Versioning; piece: 'version' | 'table' }[] = [
  { versioning: seriesVersioning, piece: 'version' },
  { versioning: tableVersioning, piece: 'table' },
];
