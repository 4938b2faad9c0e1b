import Link from 'next/link';
import { IdentityForm } from '@/components/admin/about/identity-form';
import { PageForm, type PageFormValues } from '@/components/admin/about/page-form';
import { can, needs } from '@/lib/admin/access';
import { adminActor } from '@/lib/admin/page-access';
import { getIdentityForEdit, getPageForEdit, type PageForEdit } from '@/lib/content/mutations/institution';
import { accessibilityStatement } from '@/lib/content/accessibility-statement';
import { getDb } from '@/lib/db';
import { updateAccessibilityAction, updateDirectorWordAction, updateIdentityAction, updateMissionAction } from './actions';

export const metadata = { title: 'Présentation — Administration' };

const formValues = (page: PageForEdit): PageFormValues => ({
  title: page.title,
  body: page.body,
  en: page.en,
  photo: page.photo,
  version: page.version,
  updatedAt: page.updatedAt?.toISOString() ?? null,
  updatedByName: page.updatedByName,
});

/**
 * /admin/about: the institute's identity and its two institutional texts, each with its own form.
 * Links to the public pages are not prefetched: a prefetch rendering a page while its text is being
 * saved could store the old text after the save invalidated it.
 */
export default async function AboutPage() {
  const actor = await adminActor();
  // The identity is the administrators'; the institutional texts, public once saved, their publishers' (about/actions.ts).
  const identityNote = can(actor, needs.identity) ? null : 'Vous pouvez lire l’identité de l’institut : un administrateur la modifie.';
  const pageNote = (key: string) =>
    can(actor, needs.publish([key]))
      ? null
      : 'Vous pouvez lire ce texte : un responsable de publication le modifie (il est public dès l’enregistrement).';
  const db = await getDb();
  const [identity, mission, word, statement] = await Promise.all([
    getIdentityForEdit(db),
    getPageForEdit(db, 'mission'),
    getPageForEdit(db, 'mot_du_dg'),
    getPageForEdit(db, 'accessibilite'),
  ]);
  // An install older than the statement starts from the default text.
  const statementValues =
    statement.version === 0
      ? { ...formValues(statement), title: accessibilityStatement.title, body: accessibilityStatement.body }
      : formValues(statement);
  return (
    <>
      <h1 className="text-2xl font-bold">Présentation de l’institut</h1>
      <p className="mt-2 max-w-2xl text-muted">
        L’identité de l’institut apparaît sur toutes les pages du site (en-tête, pied de page, titres) ; les deux textes forment la rubrique
        « L’institut ». Chaque partie s’enregistre séparément ; le site public est à jour dès l’enregistrement.
      </p>
      <nav aria-label="Parties de la page" className="mt-4 text-sm">
        <ul className="flex flex-wrap gap-4">
          <li>
            <a href="#identite">Identité de l’institut</a>
          </li>
          <li>
            <a href="#missions">Missions</a>
          </li>
          <li>
            <a href="#mot-du-dg">Mot du Directeur général</a>
          </li>
          <li>
            <a href="#accessibilite">Déclaration d’accessibilité</a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="identite" className="mt-8 max-w-3xl">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="identite" className="text-xl font-semibold">
            Identité de l’institut
          </h2>
          <Link href="/" prefetch={false} className="text-sm">
            Voir la page d’accueil
          </Link>
        </div>
        <IdentityForm
          action={updateIdentityAction}
          identity={{
            ...identity,
            updatedAt: identity.updatedAt?.toISOString() ?? null,
          }}
          readOnly={identityNote}
        />
      </section>

      <section aria-labelledby="missions" className="mt-12 max-w-3xl border-t border-border pt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="missions" className="text-xl font-semibold">
            Missions
          </h2>
          <Link href="/presentation/mission" prefetch={false} className="text-sm">
            Voir la page publique<span className="sr-only"> « Missions »</span>
          </Link>
        </div>
        <PageForm action={updateMissionAction} pageKey="mission" page={formValues(mission)} readOnly={pageNote('mission')} />
      </section>

      <section aria-labelledby="mot-du-dg" className="mt-12 max-w-3xl border-t border-border pt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="mot-du-dg" className="text-xl font-semibold">
            Mot du Directeur général
          </h2>
          <Link href="/presentation/mot_du_dg" prefetch={false} className="text-sm">
            Voir la page publique<span className="sr-only"> « Mot du Directeur général »</span>
          </Link>
        </div>
        <PageForm action={updateDirectorWordAction} pageKey="mot_du_dg" page={formValues(word)} readOnly={pageNote('mot_du_dg')} />
      </section>

      <section aria-labelledby="accessibilite" className="mt-12 max-w-3xl border-t border-border pt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="accessibilite" className="text-xl font-semibold">
            Déclaration d’accessibilité
          </h2>
          <Link href="/accessibilite" prefetch={false} className="text-sm">
            Voir la page publique<span className="sr-only"> « Déclaration d’accessibilité »</span>
          </Link>
        </div>
        <PageForm action={updateAccessibilityAction} pageKey="accessibilite" page={statementValues} readOnly={pageNote('accessibilite')} />
      </section>
    </>
  );
}
