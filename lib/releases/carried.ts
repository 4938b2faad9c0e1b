/**
 * The kinds of versioned data a release carries (lib/versions): each kind's versions take the
 * release's time, move with it, keep it from being cancelled, are approved with it as a whole and
 * come out with it. A new versioned kind is one line here. `piece`: how a release's review names
 * what is missing (`MissingApproval.kind`).
 */
import { seriesVersioning } from '@/lib/series/versioning';
import { tableVersioning } from '@/lib/tables/versioning';
import type { VersionedKind } from '@/lib/versions/model';

export const carriedKinds: readonly { kind: VersionedKind; piece: 'version' | 'table' }[] = [
  { kind: seriesVersioning, piece: 'version' },
  { kind: tableVersioning, piece: 'table' },
];
