/**
 * The default accessibility statement (« Déclaration d'accessibilité »), in the form French-speaking
 * public bodies publish under the RGAA: commitment, conformity status, tests, known
 * non-conformities, contact and remedies, date. The institute edits it in /admin/about; until then
 * (an install older than the page) this text is shown, and the demo seed starts from it.
 */
const p = (t: string) => `<p>${t}</p>`;
const h2 = (t: string) => `<h2>${t}</h2>`;
const ul = (...items: string[]) => `<ul>${items.map((t) => `<li>${t}</li>`).join('')}</ul>`;

export const accessibilityStatement = {
  key: 'accessibilite',
  title: 'Déclaration d’accessibilité',
  body: [
    p(
      'L’institut s’engage à rendre son site internet accessible à toutes et à tous, conformément au référentiel général ' +
        'd’amélioration de l’accessibilité (RGAA 4.1), qui reprend les règles internationales WCAG 2.1 de niveau AA.',
    ),
    p(
      'Cette déclaration d’accessibilité s’applique au site public de ' +
        'l’institut (toutes les pages en dehors de l’espace d’administration).',
    ),
    h2('État de conformité'),
    p(
      'Le site est <strong>partiellement conforme</strong> au RGAA 4.1 : aucun audit complet par un ' +
        'organisme extérieur n’a encore été réalisé ; les non-conformités connues sont listées ci-dessous.',
    ),
    h2('Vérifications réalisées'),
    p('À chaque modification du logiciel du site, avant sa mise en service, des vérifications automatiques sont exécutées :'),
    ul(
      'axe-core (règles WCAG 2.1 A et AA) sur chaque page type du site, ' +
        'en mode clair et en mode sombre : aucune violation grave ou critique n’est tolérée ;',
      'le validateur HTML html-validate sur chacune des pages publiques atteintes en suivant les liens ' +
        'depuis l’accueil et le plan du site, avec la vérification qu’aucun lien interne n’est cassé ;',
      'des parcours au clavier seul (menus, formulaires, visionneuse de photos) ' +
        'et la vérification que les pages publiques fonctionnent sans JavaScript ;',
      'Lighthouse (accessibilité, bonnes pratiques, référencement) sur les pages les plus consultées.',
    ),
    p('Technologies utilisées : HTML, CSS, SVG ; JavaScript en complément seulement.'),
    h2('Contenus non accessibles'),
    ul(
      'certains documents PDF anciens publiés par l’institut ne sont pas balisés pour les lecteurs d’écran ; ' +
        'leur contenu chiffré est en général disponible dans un fichier XLSX ou CSV joint, ou sur demande ;',
      'les graphiques des séries statistiques sont accompagnés d’un texte qui décrit leur évolution et du tableau ' +
        'complet des valeurs, mais leurs couleurs n’ont pas été vérifiées pour toutes les formes de daltonisme ;',
      'les photographies des galeries antérieures à la mise en ligne du site n’ont pas toutes une description détaillée.',
    ),
    h2('Retour d’information et contact'),
    p(
      'Si vous n’arrivez pas à accéder à un contenu ou à un service, écrivez à l’adresse électronique ' +
        'de l’institut indiquée en bas de chaque page, avec l’objet « Accessibilité », ou appelez le ' +
        'numéro qui y figure : l’institut vous répondra et vous fournira le contenu sous une autre forme.',
    ),
    h2('Voies de recours'),
    p(
      'Si, après nous avoir signalé un défaut d’accessibilité, vous n’avez pas obtenu de réponse satisfaisante, ' +
        'vous pouvez saisir le médiateur ou le défenseur des droits de votre pays, par écrit ou auprès de ses délégués.',
    ),
    h2('Établissement de cette déclaration'),
    p('Cette déclaration a été établie le 24 novembre 2026. Elle est mise à jour à chaque évolution notable du site.'),
  ].join('\n'),
};
