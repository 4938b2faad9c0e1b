/**
 * Versioned, reviewed, release-linked data (series values, table cells): what every kind shares.
 * A kind's published data is never changed; each change is a new immutable version with its time,
 * kind (a scheduled revision or a correction) and reason, its review (lib/review/model.ts: the
 * second pair of eyes) and, optionally, the calendar release it comes out with (its embargo: the
 * release's time, public only once the release is out). A kind differs only in what a version
 * holds (a series' changed observations, a table's whole cells) and in its words: it says so in
 * its `Versioning` (lib/series/versions.ts, lib/tables/versions.ts), and lib/versions does the rest.
 */
import type { ColumnBaseConfig, ColumnDataType } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditInput } from '@/lib/audit/write';
import type { Db } from '@/lib/db/open';
import type { ReviewState } from '@/lib/review/model';

/** Why a version was published (ONS: a scheduled revision, or a correction with its reason). */
export const changeKinds = ['revision', 'correction'] as const;
export type ChangeKind = (typeof changeKinds)[number];
export const changeKindLabel: Record<ChangeKind, string> = { revision: 'révision programmée', correction: 'correction' };

/** A stored kind read back as one of `changeKinds` (the column's check allows only these two). */
export const changeKindOf = (stored: string): ChangeKind => (stored === 'correction' ? 'correction' : 'revision');

/** Who writes, as the audit journal records them. */
export type Actor = { user: NonNullable<AuditInput['user']>; ip?: string | null };

/** A write's value and the cache tags it touched, or its French error (with the form field it is about, if any). */
export type VersionWrite<T> = { ok: true; value: T; tags: string[] } | { ok: false; error: string; field?: string };

/** A column of a known type, as the core reads it from either kind's table. */
type Column<T, NotNull extends boolean = true> = PgColumn<ColumnBaseConfig<ColumnDataType, string> & { data: T; notNull: NotNull }>;

/** The columns every kind's version table has (`series_versions`, `data_table_versions`). */
export type VersionColumns = {
  id: Column<number>;
  /** 1, 2, 3… per owner, in publication order. */
  number: Column<number>;
  publishedAt: Column<Date>;
  kind: Column<string>;
  reason: Column<string>;
  /** Set once the caches were told (at once for « now », by the scheduler for a later time). */
  announcedAt: Column<Date, false>;
  releaseId: Column<number, false>;
  createdAt: Column<Date>;
  createdBy: Column<string, false>;
  review: Column<ReviewState>;
  reviewedBy: Column<string, false>;
  reviewedAt: Column<Date, false>;
  reviewNote: Column<string, false>;
};

/**
 * One kind of versioned data: its tables and its words. The owner is what has versions (a series, a
 * table); `ownerKey` is the version's property that points to it (`seriesId`, `tableId`).
 */
export type Versioning = {
  /** Audit actions (`series.approve`, `table.approve`) and entity type. */
  audit: { prefix: string; entityType: string };
  /** `label`: the owner's French title (a series' label, a table's title). */
  owners: { table: PgTable; id: Column<number>; code: Column<string>; area: Column<string>; label: Column<string> };
  versions: { table: PgTable; owner: Column<number>; ownerKey: string } & VersionColumns;
  /** Cache tags of an owner's public views. */
  tags: (owner: { code: string; area: string }) => string[];
  words: {
    /** « La série IPC », « Le tableau POP » (at the start of a sentence). */
    The: (code: string) => string;
    /** « la série IPC », « le tableau POP » (the review rules' noun). */
    the: (code: string) => string;
    /** « La version 3 de IPC », « La version 3 du tableau POP ». */
    version: (number: number, code: string) => string;
    /** The audit summary's start: « Série IPC », « Tableau POP ». */
    title: (code: string) => string;
    /** A version as a release lists what it carries: « la version 3 de la série IPC », « la version 3 du tableau POP ». */
    piece: (number: number, code: string) => string;
  };
};

/** What followers answer: the cache tags they touched, or the French reason the step must not happen. */
export type Follow = { ok: true; tags: string[] } | { ok: false; error: string };

/**
 * Versions of another kind written by this kind's versions (a table version writes the versions of
 * the series defined as its slices: lib/tables/slices.ts), reviewed and cancelled with them, in the
 * same transaction, each step all or none: a refusal refuses the whole step and changes nothing.
 */
export type VersionFollowers = {
  approve(tx: Db, step: { versionId: number; actor: Actor; now: Date }): Promise<Follow>;
  sendBack(tx: Db, step: { versionId: number; actor: Actor; now: Date; note: string }): Promise<Follow>;
  cancel(tx: Db, step: { versionId: number; actor: Actor; now: Date }): Promise<Follow>;
};

/** An owner as the core reads it. */
export type Owner = { id: number; code: string; area: string };

/** A version as the core reads it. */
export type VersionRecord = {
  id: number;
  number: number;
  publishedAt: Date;
  kind: string;
  reason: string;
  announcedAt: Date | null;
  releaseId: number | null;
  createdBy: string | null;
  review: ReviewState;
  reviewedBy: string | null;
  reviewNote: string | null;
};

/** What a new version needs, whatever its kind holds. */
export type VersionTerms = {
  /** When it goes online; now when absent or past. */
  publishAt?: Date;
  /** The calendar release it comes out with: its time wins over `publishAt`, and moves with it. */
  releaseId?: number;
  kind: ChangeKind;
  reason: string;
  actor: Actor;
  /**
   * Whether the actor approves versions of this owner's area (a publisher: the action's
   * `needs.review`). Even then their own version is approved at once only under self-approval;
   * anyone else's is submitted for review.
   */
  approver: boolean;
  now?: Date;
};

/** What the back-office shows of a version's review (« Soumise pour relecture »…), in the feminine of « version ». */
export const versionReviewLabels: Record<ReviewState, string> = {
  none: 'Renvoyée au rédacteur',
  submitted: 'Soumise pour relecture',
  approved: 'Approuvée',
};

/**
 * What the values grid and the import say before a version is written (French), or null when it
 * is approved at once (an approver under self-approval): the rule of lib/versions/write.ts (`openTerms`).
 */
export function versionReviewNote({ approver, selfApproval }: { approver: boolean; selfApproval: boolean }): string | null {
  if (approver && selfApproval) return null;
  return approver
    ? 'Votre version sera soumise pour relecture : une seconde personne l’approuve avant ' +
        'sa mise en ligne (l’auto-approbation est désactivée). Rien n’est public d’ici là.'
    : 'Votre version sera soumise pour relecture : un responsable de ' +
        'publication l’approuve avant sa mise en ligne. Rien n’est public d’ici là.';
}

const utcFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
/** « 3 novembre 2026 à 09:00 UTC »: the time the back-office's messages and the journal give. */
export const formatUtc = (d: Date) => `${utcFormat.format(d)} UTC`;
