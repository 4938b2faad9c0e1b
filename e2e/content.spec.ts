/**
 * The back-office's life cycle, kind by kind, as a person does it: create an item with a file from
 * the picker, put it online, see it on its public page on the very next request, edit it, see the
 * change, trash it, see it gone, restore it, see it back. Then the conflict between two editors,
 * the preview (connected users only) and the warning before leaving unsaved changes.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { demoPublisher } from '../demo/demo-account';
import { callAction } from './helpers/actions';
import { apiSignIn, signIn } from './helpers/login';
import { scheduleNewDraft } from './helpers/schedule';
import { moveClockTo } from './helpers/clock';

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`, 'latin1');
const png = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: '#2a6f4e' } })
    .png()
    .toBuffer();

/** Uploads a new file through the library picker whose fieldset is labelled `label`. */
async function attach(page: Page, label: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  const group = page.getByRole('group', { name: label, exact: true });
  await group.getByRole('button', { name: /^(Choisir un fichier|Changer)/ }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await dialog.getByLabel('choisissez des fichiers').setInputFiles(file);
  await expect(dialog).toBeHidden();
}

const toast = (page: Page, text: string | RegExp) =>
  expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();

async function typeBody(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label, exact: true });
  await editor.click();
  await page.keyboard.type(text);
}

type Journey = {
  name: string;
  list: string;
  /** Button of the list screen opening the new item's form. */
  create: string;
  /** Fills the form (title already typed), attaching a file; returns what the public page must show. */
  fill: (page: Page, id: string) => Promise<string>;
  /** Where the public sees it when it is not a page of its own. */
  listPage?: string;
  titleLabel?: string;
  /** Name of the uploaded image the public page must show. */
  image?: (id: string) => string;
};

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 16);

const journeys: Journey[] = [
  {
    name: 'une publication (IPC)',
    list: '/admin/indice/prix_consommation',
    create: 'Nouvel élément',
    fill: async (page, id) => {
      await page.getByRole('textbox', { name: 'Résumé', exact: true }).fill(`Résumé ${id}`);
      await typeBody(page, 'Texte', `Corps du texte ${id}.`);
      await attach(page, 'Joindre un fichier', { name: `ipc-${id}.pdf`, mimeType: 'application/pdf', buffer: pdf(id) });
      return `ipc-${id}.pdf`;
    },
  },
  {
    name: 'une loi',
    list: '/admin/lois',
    create: 'Nouveau — Lois',
    fill: async (page, id) => {
      await page.getByRole('textbox', { name: 'Numéro', exact: true }).fill(`2026-${id}`);
      await page.getByLabel(/^Date de signature/).fill('2026-03-14');
      await attach(page, 'Joindre un fichier', { name: `loi-${id}.pdf`, mimeType: 'application/pdf', buffer: pdf(id) });
      return `2026-${id}`;
    },
  },
  {
    name: 'une actualité',
    list: '/admin/news',
    create: 'Nouvel élément',
    image: (id) => `couverture-${id}.png`,
    fill: async (page, id) => {
      await page.getByRole('textbox', { name: 'Chapeau', exact: true }).fill(`Chapeau de l’actualité ${id}.`);
      await typeBody(page, 'Texte', `Texte de l’actualité ${id}.`);
      await attach(page, 'Image de couverture', { name: `couverture-${id}.png`, mimeType: 'image/png', buffer: await png() });
      return `Chapeau de l’actualité ${id}.`;
    },
  },
  {
    name: 'un événement',
    list: '/admin/events',
    create: 'Nouvel élément',
    listPage: '/events',
    image: (id) => `evenement-${id}.png`,
    fill: async (page, id) => {
      await page.getByLabel(/^Début/).fill(future(20));
      await page.getByRole('textbox', { name: 'Lieu', exact: true }).fill(`Salle ${id}`);
      await attach(page, 'Image', { name: `evenement-${id}.png`, mimeType: 'image/png', buffer: await png() });
      return `Salle ${id}`;
    },
  },
  {
    name: 'une galerie',
    list: '/admin/galleries',
    create: 'Nouvel élément',
    listPage: '/gallery',
    image: (id) => `photo-${id}.png`,
    titleLabel: 'Titre de l’album',
    fill: async (page, id) => {
      await attach(page, 'Ajouter une photo', { name: `photo-${id}.png`, mimeType: 'image/png', buffer: await png() });
      await page.getByRole('textbox', { name: 'Légende', exact: true }).fill(`Légende ${id}`);
      await page.getByRole('textbox', { name: 'Texte alternatif (ce que montre la photo)', exact: true }).fill(`Photo de l’atelier ${id}`);
      return `Légende ${id}`;
    },
  },
  {
    name: 'un appel d’offres',
    list: '/admin/offres',
    create: 'Nouvel élément',
    listPage: '/offres',
    fill: async (page, id) => {
      await page.getByRole('textbox', { name: 'Référence', exact: true }).fill(`AO-E2E-${id}`);
      await page.getByLabel(/^Date limite de dépôt/).fill(future(30));
      await attach(page, 'Joindre un fichier', { name: `dossier-${id}.pdf`, mimeType: 'application/pdf', buffer: pdf(id) });
      return `dossier-${id}.pdf`;
    },
  },
];

for (const j of journeys) {
  test(`parcours complet : ${j.name}`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    const id = stamp();
    const title = `E2E ${j.name} ${id}`;
    await signIn(page, j.list);
    await page.getByRole('link', { name: j.create }).click();
    await page.getByRole('textbox', { name: j.titleLabel ?? 'Titre', exact: true }).fill(title);
    const shown = await j.fill(page, id);
    await page.getByRole('button', { name: 'Créer le brouillon' }).click();
    await toast(page, /créée? \(brouillon\)/);
    await expect(page).toHaveURL(/\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // A visitor (no cookie) never sees the draft.
    const visitor = await browser.newContext();
    const publicPage = await visitor.newPage();

    await page.getByRole('button', { name: 'Mettre en ligne maintenant' }).click();
    await toast(page, 'en ligne');
    const link = page.getByRole('link', { name: 'Voir sur le site' });
    const url = j.listPage ?? (await link.getAttribute('href'))!;
    await expect(link).toHaveAttribute('href', j.listPage ?? url);

    // Online on the next request.
    let response = await publicPage.goto(url);
    expect(response?.status()).toBe(200);
    await expect(publicPage.getByRole('heading', { name: title, exact: true })).toBeVisible();
    await expect(publicPage.locator('main')).toContainText(shown);
    if (j.image) await expect(publicPage.locator(`main img[src*="${j.image(id)}"]`).first()).toBeVisible();

    // Edit → the public page shows the change on the next request.
    const edited = `${title} (modifié)`;
    await page.getByRole('textbox', { name: j.titleLabel ?? 'Titre', exact: true }).fill(edited);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await toast(page, /enregistrée?\./);
    await expect(page.getByText('Tout est enregistré')).toBeVisible();
    response = await publicPage.goto(url);
    expect(response?.status()).toBe(200);
    await expect(publicPage.getByRole('heading', { name: edited, exact: true })).toBeVisible();

    // Trash → gone at once (a page of its own answers 404).
    await page.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await toast(page, 'corbeille');
    await expect(page.getByTestId('etat')).toHaveText('Dans la corbeille');
    response = await publicPage.goto(url);
    if (j.listPage) await expect(publicPage.getByRole('heading', { name: edited, exact: true })).toHaveCount(0);
    else expect(response?.status()).toBe(404);

    // Restore → back, as it was.
    await page.getByRole('button', { name: 'Restaurer' }).click();
    await toast(page, 'restauré');
    response = await publicPage.goto(url);
    expect(response?.status()).toBe(200);
    await expect(publicPage.getByRole('heading', { name: edited, exact: true })).toBeVisible();

    // Leave the demo site as it was: off the site, in the trash.
    await page.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await expect(page.getByTestId('etat')).toHaveText('Dans la corbeille');
    await visitor.close();
  });
}

test('deux personnes modifient la même publication : la seconde reçoit le conflit, le texte de la première reste', async ({ browser }) => {
  const id = stamp();
  const first = await (await browser.newContext()).newPage();
  await signIn(first, '/admin/autres');
  await first.getByRole('link', { name: 'Nouvel élément' }).click();
  await first.getByRole('textbox', { name: 'Titre', exact: true }).fill(`Conflit ${id}`);
  await first.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(first).toHaveURL(/\/\d+$/);
  const editUrl = new URL(first.url()).pathname;

  // A colleague with their own account (the demo's Responsable de publication) opens the same publication.
  const secondContext = await browser.newContext();
  expect(
    (
      await secondContext.request.post('/api/user/login', { data: { email: demoPublisher.email, password: demoPublisher.password } })
    ).status(),
  ).toBe(200);
  const second = await secondContext.newPage();
  await second.goto(editUrl);
  await expect(second.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue(`Conflit ${id}`);

  await first.getByRole('textbox', { name: 'Résumé', exact: true }).fill(`Version de la première personne ${id}`);
  await first.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(first.getByText('Tout est enregistré')).toBeVisible();

  await second.getByRole('textbox', { name: 'Résumé', exact: true }).fill(`Version de la seconde personne ${id}`);
  await second.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  const alert = second.getByRole('alert').filter({ hasText: 'L’enregistrement n’a pas été fait.' });
  await expect(alert).toContainText('Compte de démonstration a enregistré cette publication');
  await expect(alert).toContainText('Vos changements n’ont pas été enregistrés');
  // What the second person typed is still in the form.
  await expect(second.getByRole('textbox', { name: 'Résumé', exact: true })).toHaveValue(`Version de la seconde personne ${id}`);

  // The database kept the first save.
  await second.reload();
  await expect(second.getByRole('textbox', { name: 'Résumé', exact: true })).toHaveValue(`Version de la première personne ${id}`);
  await second.getByRole('button', { name: 'Mettre à la corbeille' }).click();
  await expect(second.getByTestId('etat')).toHaveText('Dans la corbeille');
});

test('l’aperçu d’un brouillon : visible connecté, pas pour un visiteur', async ({ page, browser }) => {
  const id = stamp();
  await signIn(page, '/admin/autres');
  await page.getByRole('link', { name: 'Nouvel élément' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(`Aperçu ${id}`);
  await page.getByRole('textbox', { name: 'Résumé', exact: true }).fill(`Résumé de l’aperçu ${id}`);
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page).toHaveURL(/\/\d+$/);
  const href = (await page.getByRole('link', { name: /^Aperçu/ }).getAttribute('href'))!;
  await page.goto(href);
  await expect(page.getByRole('note')).toContainText('brouillon');
  await expect(page.getByRole('heading', { level: 1, name: `Aperçu ${id}` })).toBeVisible();
  await expect(page.getByText(`Résumé de l’aperçu ${id}`)).toBeVisible();

  const visitor = await browser.newContext();
  const response = await visitor.request.get(href, { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(await response.text()).not.toContain(`Aperçu ${id}`);
  await visitor.close();
});

test('quitter un formulaire modifié demande confirmation', async ({ page }) => {
  await signIn(page, '/admin/autres');
  await page.getByRole('link', { name: 'Nouvel élément' }).click();
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill('Texte non enregistré');
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Tableau de bord' }).click();
  expect(asked).toContain('modifications non enregistrées');
  await expect(page.getByRole('textbox', { name: 'Titre', exact: true })).toHaveValue('Texte non enregistré');
});

test('des champs invalides : messages en français sous les champs, rien n’est créé', async ({ page }) => {
  await signIn(page, '/admin/offres');
  await page.getByRole('link', { name: 'Nouvel élément' }).click();
  await page.getByRole('button', { name: 'Créer le brouillon' }).click();
  await expect(page.getByText('La référence est obligatoire.')).toBeVisible();
  await expect(page.getByText('Le titre est obligatoire.')).toBeVisible();
  await expect(page).toHaveURL(/\/nouveau$/);
});

/** Calls a server action of the build by its id, as the browser would, with the request's cookie. */
test('un texte riche piégé est enregistré et affiché sans script ni gestionnaire', async ({ request }) => {
  await apiSignIn(request);
  const id = stamp();
  const body = [
    `<p>Texte sûr ${id}</p>`,
    '<script>window.piege = 1</script>',
    '<p><img src="/fichiers/x/y.png" onerror="window.piege = 2"></p>',
    '<p><a href="javascript:window.piege = 3">lien piégé</a> <a href="JaVaScRiPt:alert(1)">autre</a></p>',
    '<svg onload="window.piege = 4"><circle r="4"></circle></svg>',
  ].join('');
  const created = await callAction(request, 'saveItemAction', { area: 'news', values: { title: `Piège ${id}`, excerpt: 'Essai.', body } });
  const newsId = Number(/"id":(\d+)/.exec(created)?.[1]);
  expect(newsId, created).toBeGreaterThan(0);
  const published = await callAction(request, 'changeItemAction', { area: 'news', id: newsId, version: 1, action: 'publish' });
  expect(published).toContain('"ok":true');

  const html = await (await request.get(`/actualites/${newsId}`)).text();
  const article = html.slice(html.indexOf(`Texte sûr ${id}`) - 200, html.indexOf('lien piégé') + 200);
  expect(article).toContain(`Texte sûr ${id}`);
  expect(article).toContain('lien piégé');
  for (const bad of ['<script>window.piege', 'onerror', 'javascript:', 'JaVaScRiPt', '<svg', 'onload']) expect(article).not.toContain(bad);

  await callAction(request, 'changeItemAction', { area: 'news', id: newsId, version: 2, action: 'trash' });
});

test(
  'une publication programmée apparaît sur sa page à son heure, sans visite du back-office',
  { tag: '@clock' },
  async ({ page, browser }) => {
    const id = stamp();
    await signIn(page, '/admin/autres');
    const at = await scheduleNewDraft(page, `Programmée ${id}`);
    await toast(page, 'programmée pour le');
    await expect(page.getByTestId('etat')).toHaveText('Programmé');
    const slug = await page.getByRole('textbox', { name: 'Adresse (fin de l’URL)', exact: true }).inputValue();
    await page.context().close();

    const visitor = await browser.newContext();
    const reader = await visitor.newPage();
    const url = `/themes/autres/${slug}`;
    expect((await reader.goto(url))?.status()).toBe(404);
    // Its time comes (the test clock); only a visitor reads the page.
    await moveClockTo(visitor.request, at);
    await expect.poll(async () => (await reader.goto(url))?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 1, name: `Programmée ${id}` })).toBeVisible();
    await visitor.close();
  },
);
