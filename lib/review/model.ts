/**
 * The second pair of eyes before anything goes public (issue 24): an item is written, submitted
 * for review (« soumis pour relecture »), approved, then put online or scheduled. The person who
 * wrote its last version may not approve it — ONS's « Reviewer must be a second set of eyes » —
 * unless an administrator turned on self-approval for a small team (`settings.ts`). Putting an item
 * online or scheduling it is an approval too: by a second person it counts as one; its last writer
 * needs an approval first. Pure rules: the life cycle (lib/content/mutations/lifecycle.ts) applies them.
 */
export const reviewStates = ['none', 'submitted', 'approved'] as const;
export type ReviewState = (typeof reviewStates)[number];

/** What the back-office shows of the review of a draft. */
export const reviewLabels: Record<ReviewState, string> = {
  none: 'En rédaction',
  submitted: 'Soumis pour relecture',
  approved: 'Approuvé',
};

/** What the rules need of an item. */
export type Reviewed = { review: ReviewState; editedBy: string | null };

/** What the rules need of the person acting, and of the institute's setting. */
export type Reviewer = { userId: string; selfApproval: boolean };

const selfApprovalHint = 'Un administrateur peut autoriser l’auto-approbation pour les petites équipes (Utilisateurs › Relecture).';

/** Why `reviewer` may not approve this item (French), or null when they may. */
export function approvalRefusal(item: Reviewed, reviewer: Reviewer, noun = 'cet élément'): string | null {
  if (item.review === 'approved') return `${capitalise(noun)} est déjà approuvé.`;
  if (item.review !== 'submitted') return `${capitalise(noun)} n’a pas été soumis pour relecture : son rédacteur le soumet d’abord.`;
  if (item.editedBy !== reviewer.userId || reviewer.selfApproval) return null;
  return `Vous avez écrit la dernière version de ${noun} : une seconde personne doit l’approuver. ${selfApprovalHint}`;
}

/**
 * Why `reviewer` may not put this item online or schedule it (French), or null when they may: an
 * approved item, or one whose last version someone else wrote (this act approves it).
 */
export function publicationRefusal(item: Reviewed, reviewer: Reviewer, noun = 'cet élément'): string | null {
  if (item.review === 'approved') return null;
  if (item.editedBy !== reviewer.userId || reviewer.selfApproval) return null;
  return (
    `Vous avez écrit la dernière version de ${noun} : une seconde personne doit ` +
    `l’approuver avant sa mise en ligne. Soumettez-le pour relecture. ${selfApprovalHint}`
  );
}

/** Whether putting the item online now also approves it (it was not approved before). */
export const approvesOnPublication = (item: Reviewed) => item.review !== 'approved';

/** Why this item may not be submitted (French), or null. */
export function submissionRefusal(item: Reviewed & { status: string }, noun = 'cet élément'): string | null {
  if (item.status !== 'draft') return `${capitalise(noun)} est déjà en ligne ou programmé : il n’y a rien à soumettre.`;
  if (item.review === 'submitted') return `${capitalise(noun)} est déjà soumis pour relecture.`;
  if (item.review === 'approved') return `${capitalise(noun)} est déjà approuvé.`;
  return null;
}

/** Why this item may not be sent back to its writer (French), or null. */
export function returnRefusal(item: Reviewed & { status: string }, noun = 'cet élément'): string | null {
  if (item.status !== 'draft') return `${capitalise(noun)} est en ligne ou programmé : retirez-le d’abord du site.`;
  if (item.review === 'none') return `${capitalise(noun)} n’est pas soumis pour relecture.`;
  return null;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
