/**
 * `enforce`, the one check every admin action, route and page goes through (lib/admin/access.ts):
 * a rule whose needs come out empty (a bulk change of ids that no longer exist) still refuses an
 * account held at enrolment by the second-factor policy, and lets any other signed-in account on.
 */
import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '@/lib/errors';
import { enforce, type Actor } from './access';

const actor = (mfaPending: boolean): Actor => ({ id: 'u', email: 'a@b.c', name: 'A', role: 'publisher', areas: ['ipc'], mfaPending });

describe('enforce', () => {
  it('refuses an account held at enrolment even when the rule needs nothing', async () => {
    const held = enforce(() => [], undefined, { actor: actor(true) });
    await expect(held).rejects.toBeInstanceOf(ForbiddenError);
    await expect(held).rejects.toThrow(/ne permet pas d’agir sans second facteur/);
  });

  it('lets another account through a rule that needs nothing, and checks every need of a list', async () => {
    await expect(enforce(() => [], undefined, { actor: actor(false) })).resolves.toBeUndefined();
    await expect(enforce(() => [{ to: 'administer', what: 'gérer les comptes' }], undefined, { actor: actor(false) })).rejects.toThrow(
      /réservé aux administrateurs/,
    );
  });
});
