/**
 * Issue 30: a refused save never loses what the editor typed, in every back-office form. For each
 * form: type, provoke a refusal, check every field still holds what was typed and the message
 * under the field names it (the focus on it); then correct, save, and check the form shows the
 * saved values (as the server normalized them). Each test creates what it changes (series,
 * releases, drafts, accounts) under a unique name, or puts the shared texts back as they were.
 * The identity and the mission page, which e2e/about.spec.ts also saves, are tested there, in its
 * serial run (two saves from two files at once would meet as a version conflict).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers/login';

// A form left with unsaved changes asks before the page is left: the tests leave anyway.
test.beforeEach(({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
});

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The rich-text editor of a form region (its editable region is a labelled textbox). */
const editorOf = (region: Locator, label: string) => region.getByRole('textbox', { name: label, exact: true });

/** The HTML a form holds for a rich text (the editor's hidden input). */
const htmlOf = (region: Locator, name = 'body') => region.locator(`input[type="hidden"][name="${name}"]`).inputValue();

/** Replaces the whole text with this HTML, pasted as from a word processor. */
async function pasteHtml(page: Page, editor: Locator, html: string) {
  await editor.click();
  await page.keyboard.press('Control+A');
  await editor.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/html', value);
    data.setData('text/plain', '');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html || '<p></p>');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text field by its accessible name (a required field's « * » is not part of it). */
const box = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** A field refused: marked invalid, focused, its message read with it (after its hint, if any). */
async function expectRefused(field: Locator, message: string | RegExp, { focused = true } = {}) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(typeof message === 'string' ? new RegExp(`${escape(message)}$`) : message);
  if (focused) await expect(field).toBeFocused();
}

/** A new series of this test's own (its code unique), through the creation form; returns its code. */
async function createSeries(page: Page): Promise<string> {
  const code = `FORMS_${stamp().toUpperCase()}`;
  await page.goto('/admin/series/nouvelle');
  await box(page, 'Code').fill(code);
  await page.getByLabel('Titre en français').fill(`Série de test ${code}`);
  await page.getByLabel('Rubrique', { exact: true }).selectOption('ipc');
  await page.getByRole('button', { name: 'Créer la série' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/series/${code}$`));
  return code;
}

/** A confirmed release of this test's own in 2027 (through the creation form); returns its admin path. */
async function createRelease(page: Page, title: string, at = '2027-06-10T08:45'): Promise<string> {
  await page.goto('/admin/calendrier/nouvelle');
  await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
  await page.getByLabel('Rubrique').selectOption('ipc');
  await page.getByLabel('Date et heure de parution (UTC)').fill(at);
  await page.getByRole('button', { name: 'Annoncer la parution' }).click();
  await expect(page).toHaveURL(/\/admin\/calendrier\/\d+$/);
  return new URL(page.url()).pathname;
}

test('description d’une série : un refus garde la saisie, l’enregistrement montre les valeurs enregistrées', async ({ page }) => {
  await signIn(page, '/admin/series');
  const code = await createSeries(page);
  const form = page.getByRole('region', { name: 'Description' });
  const label = form.getByLabel('Titre en français');
  const typed = { unit: 'points', source: 'Enquête de test', imf: 'pcpi_ix', en: 'Test series', methodology: 'Méthode de test.' };
  await label.fill('ab');
  await form.locator('#unit').fill(typed.unit);
  await form.getByLabel('Source', { exact: true }).fill(typed.source);
  await form.getByLabel(/^Code de l’indicateur FMI/).fill(typed.imf);
  await form.getByLabel(/^Méthode \(texte/).fill(typed.methodology);
  await form.getByLabel('Titre en anglais').fill(typed.en);
  await form.getByRole('button', { name: 'Enregistrer la description' }).click();

  await expectRefused(label, 'Le titre doit compter au moins 3 caractères.');
  await expect(label).toHaveValue('ab');
  await expect(form.locator('#unit')).toHaveValue(typed.unit);
  await expect(form.getByLabel('Source', { exact: true })).toHaveValue(typed.source);
  await expect(form.getByLabel(/^Code de l’indicateur FMI/)).toHaveValue(typed.imf);
  await expect(form.getByLabel(/^Méthode \(texte/)).toHaveValue(typed.methodology);
  await expect(form.getByLabel('Titre en anglais')).toHaveValue(typed.en);

  await label.fill(`  Série corrigée ${code}  `);
  await form.getByRole('button', { name: 'Enregistrer la description' }).click();
  await expect(form.getByRole('status')).toHaveText('Description de la série enregistrée.');
  // What the server kept: trimmed, the IMF code in capitals.
  await expect(form.getByLabel('Titre en français')).toHaveValue(`Série corrigée ${code}`);
  await expect(form.getByLabel(/^Code de l’indicateur FMI/)).toHaveValue('PCPI_IX');
  await expect(form.getByLabel('Titre en français')).not.toHaveAttribute('aria-invalid');
  await expect(form.getByLabel('Source', { exact: true })).toHaveValue(typed.source);
  await expect(form.getByLabel('Titre en anglais')).toHaveValue(typed.en);
});

test('grille des valeurs : un refus garde chaque valeur saisie, la publication montre les valeurs publiées', async ({ page }) => {
  await signIn(page, '/admin/series');
  await createSeries(page);
  const grid = page.getByRole('region', { name: 'Saisir des valeurs' });
  const cells = grid.getByRole('textbox', { name: /^Valeur, / });
  const [first, second] = [(await cells.nth(0).getAttribute('aria-label'))!, (await cells.nth(1).getAttribute('aria-label'))!];
  const cell = (name: string) => grid.getByRole('textbox', { name, exact: true });
  await cell(first).fill('101,5');
  await cell(second).fill('abc');
  await grid.getByLabel('Raison, affichée dans « Versions précédentes »').fill('Saisie de test');
  await grid.getByRole('button', { name: 'Publier les valeurs' }).click();

  await expectRefused(cell(second), /« abc » n’est pas un nombre/);
  await expect(cell(first)).toHaveValue('101,5');
  await expect(cell(second)).toHaveValue('abc');
  await expect(grid.getByLabel('Raison, affichée dans « Versions précédentes »')).toHaveValue('Saisie de test');

  await cell(second).fill('102');
  await grid.getByRole('button', { name: 'Publier les valeurs' }).click();
  await expect(grid.getByRole('status')).toContainText('Version publiée');
  // The published values, with the series' decimals.
  await expect(cell(first)).toHaveValue('101,5');
  await expect(cell(second)).toHaveValue('102,0');
  await expect(cell(second)).not.toHaveAttribute('aria-invalid');
});

test('parution : un refus garde la saisie à l’annonce comme au report, l’enregistrement montre la parution enregistrée', async ({
  page,
}) => {
  const title = `Parution formulaires ${stamp()}`;
  await signIn(page, '/admin/calendrier/nouvelle');
  const titleField = page.getByRole('textbox', { name: 'Titre', exact: true });
  await titleField.fill('Abc');
  await page.getByLabel('Rubrique').selectOption('ipc');
  await page.getByLabel('Date et heure de parution (UTC)').fill('2027-07-08T08:45');
  await page.getByLabel('Contact').fill('Service des prix');
  await page.getByLabel('Titre en anglais').fill('Forms release');
  await page.getByRole('button', { name: 'Annoncer la parution' }).click();

  await expectRefused(titleField, 'Le titre doit compter au moins 5 caractères.');
  await expect(titleField).toHaveValue('Abc');
  await expect(page.getByLabel('Rubrique')).toHaveValue('ipc');
  await expect(page.getByLabel('Date et heure de parution (UTC)')).toHaveValue('2027-07-08T08:45');
  await expect(page.getByLabel('Contact')).toHaveValue('Service des prix');
  await expect(page.getByLabel('Titre en anglais')).toHaveValue('Forms release');

  await titleField.fill(title);
  await page.getByRole('button', { name: 'Annoncer la parution' }).click();
  await expect(page).toHaveURL(/\/admin\/calendrier\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const english = page.locator('#release-en-title');
  await expect(english).toHaveValue('Forms release');

  // Moving it: a reason too short is refused under its field, the new date typed stays.
  const move = page.getByRole('region', { name: 'Reporter' });
  const reason = move.getByLabel('Raison du report (publiée)');
  await move.getByLabel('Nouvelle date et heure (UTC)').fill('2027-07-15T08:45');
  await reason.fill('Non');
  await move.getByRole('button', { name: 'Reporter la parution' }).click();
  await expectRefused(reason, 'Indiquez la raison du report : elle est publiée avec l’ancienne date.');
  await expect(reason).toHaveValue('Non');
  await expect(move.getByLabel('Nouvelle date et heure (UTC)')).toHaveValue('2027-07-15T08:45');

  await reason.fill('Données transmises en retard.');
  await move.getByRole('button', { name: 'Reporter la parution' }).click();
  await expect(move.getByRole('status')).toHaveText('Parution reportée : l’ancienne date et la raison sont publiées.');
  // The form now starts from the saved date; the English title saved is still there.
  await expect(move.getByLabel('Nouvelle date et heure (UTC)')).toHaveValue('2027-07-15T08:45');
  await expect(move.getByLabel('Raison du report (publiée)')).toHaveValue('');
  await expect(english).toHaveValue('Forms release');
});

test('publications d’une parution : un lien refusé garde la publication choisie, le lien enregistré la montre', async ({
  page,
  context,
}) => {
  const id = stamp();
  await signIn(page, '/admin/autres');
  const drafts: string[] = [];
  for (const n of [1, 2]) {
    const title = `Publication liée ${n} ${id}`;
    await page.goto('/admin/autres');
    await page.getByRole('link', { name: 'Nouvel élément' }).click();
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    await page.getByRole('button', { name: 'Créer le brouillon' }).click();
    await expect(page).toHaveURL(/\/\d+$/);
    drafts.push(title);
  }
  const mine = await createRelease(page, `Parution liens ${id}`);
  const other = await createRelease(page, `Autre parution liens ${id}`, '2027-06-17T08:45');
  const choice = async (p: Page, title: string) =>
    (await p.getByLabel('Publication à sortir avec cette parution').locator('option', { hasText: title }).getAttribute('value'))!;

  await page.goto(mine);
  const select = page.getByLabel('Publication à sortir avec cette parution');
  await select.selectOption(await choice(page, drafts[0]!));
  // Meanwhile, someone links it to another release.
  const elsewhere = await context.newPage();
  await elsewhere.goto(other);
  await elsewhere.getByLabel('Publication à sortir avec cette parution').selectOption(await choice(elsewhere, drafts[0]!));
  await elsewhere.getByRole('button', { name: 'Lier à la parution' }).click();
  await expect(elsewhere.getByRole('status').filter({ hasText: 'Publication liée' })).toBeVisible();
  await elsewhere.close();

  await page.getByRole('button', { name: 'Lier à la parution' }).click();
  await expectRefused(select, `« ${drafts[0]} » est déjà liée à une parution : retirez-la d’abord de celle-ci.`);
  await expect(select.locator('option:checked')).toContainText(drafts[0]!);

  await select.selectOption(await choice(page, drafts[1]!));
  await page.getByRole('button', { name: 'Lier à la parution' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Publication liée' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Retirer « ${drafts[1]} » de la parution` })).toBeVisible();
  // The form starts again: nothing chosen, the linked publication no longer offered.
  await expect(select).toHaveValue('');
  await expect(select.locator('option', { hasText: drafts[1]! })).toHaveCount(0);
  await expect(select).not.toHaveAttribute('aria-invalid');
});

test('introduction d’une rubrique : un enregistrement en conflit garde les deux textes, le suivant montre le texte enregistré', async ({
  page,
  context,
}) => {
  const path = '/admin/rgph';
  await signIn(page, path);
  const intro = page.getByRole('region', { name: 'Introduction de la rubrique' });
  const french = editorOf(intro, 'Introduction de la rubrique');
  const english = editorOf(intro, 'Introduction de la rubrique en anglais');
  await expect(french).toBeVisible();
  const original = { body: await htmlOf(intro), en: await htmlOf(intro, 'en.body') };
  const typed = { fr: `Texte de test ${stamp()}.`, en: `Test text ${stamp()}.` };
  await pasteHtml(page, french, `<p>${typed.fr}</p>`);
  await pasteHtml(page, english, `<p>${typed.en}</p>`);

  // Meanwhile, someone saves the same introduction.
  const other = await context.newPage();
  other.on('dialog', (dialog) => void dialog.accept());
  const meanwhile = `<p>Texte enregistré entre-temps ${stamp()}.</p>`;
  try {
    await other.goto(path);
    const otherIntro = other.getByRole('region', { name: 'Introduction de la rubrique' });
    await pasteHtml(other, editorOf(otherIntro, 'Introduction de la rubrique'), meanwhile);
    await otherIntro.getByRole('button', { name: 'Enregistrer l’introduction' }).click();
    await expect(otherIntro.getByRole('status')).toContainText('Introduction de la rubrique enregistrée');

    await intro.getByRole('button', { name: 'Enregistrer l’introduction' }).click();
    await expect(intro.getByRole('alert')).toContainText(/rechargez/i);
    await expect(french).toContainText(typed.fr);
    await expect(english).toContainText(typed.en);
    expect(await htmlOf(intro)).toContain(typed.fr);
    expect(await htmlOf(intro, 'en.body')).toContain(typed.en);
  } finally {
    // The introduction put back as it was, from a page loaded after the other save.
    await other.goto(path);
    const otherIntro = other.getByRole('region', { name: 'Introduction de la rubrique' });
    await pasteHtml(other, editorOf(otherIntro, 'Introduction de la rubrique'), original.body);
    await otherIntro.getByRole('button', { name: 'Enregistrer l’introduction' }).click();
    await expect(otherIntro.getByRole('status')).toContainText(/Introduction de la rubrique enregistrée|Aucune modification/);
    const flat = (html: string) => html.replace(/>\s+</g, '><');
    expect(flat(await htmlOf(otherIntro))).toBe(flat(original.body));
    expect(flat(await htmlOf(otherIntro, 'en.body'))).toBe(flat(original.en));
    await other.close();
  }
});

test('création d’un compte : un refus garde la saisie et le rôle choisi, la création vide le formulaire et montre le compte', async ({
  page,
}) => {
  const email = `formulaires-${stamp()}@example.org`;
  await signIn(page, '/admin/users');
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Créer le compte' }) });
  const password = form.getByLabel('Mot de passe initial');
  await form.getByLabel('Nom complet').fill('Compte de test');
  await form.getByLabel('Adresse électronique').fill(email);
  await password.fill('court');
  await form.getByLabel('Rôle').selectOption('publisher');
  await form.getByRole('button', { name: 'Créer le compte' }).click();

  await expectRefused(password, /au moins 12 caractères/);
  await expect(form.getByLabel('Nom complet')).toHaveValue('Compte de test');
  await expect(form.getByLabel('Adresse électronique')).toHaveValue(email);
  await expect(password).toHaveValue('court');
  await expect(form.getByLabel('Rôle')).toHaveValue('publisher');

  await password.fill('une longue phrase de passe pour le test');
  await form.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(form.getByRole('status')).toHaveText('Compte créé pour Compte de test.');
  await expect(page.getByRole('main')).toContainText(email);
  await expect(form.getByLabel('Adresse électronique')).toHaveValue('');
  await expect(form.getByLabel('Rôle')).toHaveValue('editor');
});

test('mon profil : un refus garde la saisie, l’enregistrement montre le profil enregistré', async ({ page, browser }) => {
  // An account of this test's own: the demo accounts' profiles stay as they are.
  const account = { email: `profil-${stamp()}@example.org`, password: 'une longue phrase de passe pour le profil' };
  await signIn(page, '/admin/users');
  const creation = page.locator('form').filter({ has: page.getByRole('button', { name: 'Créer le compte' }) });
  await creation.getByLabel('Nom complet').fill('Profil de test');
  await creation.getByLabel('Adresse électronique').fill(account.email);
  await creation.getByLabel('Mot de passe initial').fill(account.password);
  await creation.getByRole('button', { name: 'Créer le compte' }).click();
  await expect(creation.getByRole('status')).toHaveText('Compte créé pour Profil de test.');

  const mine = await (await browser.newContext()).newPage();
  await signIn(mine, '/admin/users/profil', account);
  const name = mine.getByLabel('Nom complet');
  const confirm = mine.getByLabel('Nouveau mot de passe (confirmation)');
  await name.fill('  Profil renommé  ');
  await mine.getByLabel('Mot de passe actuel').fill(account.password);
  await mine.getByLabel('Nouveau mot de passe', { exact: true }).fill('une autre phrase de passe assez longue');
  await confirm.fill('une autre phrase de passe différente');
  await mine.getByRole('button', { name: 'Enregistrer' }).click();

  await expectRefused(confirm, 'Les deux saisies du nouveau mot de passe ne sont pas identiques.');
  await expect(name).toHaveValue('  Profil renommé  ');
  await expect(mine.getByLabel('Adresse électronique')).toHaveValue(account.email);
  await expect(mine.getByLabel('Nouveau mot de passe', { exact: true })).toHaveValue('une autre phrase de passe assez longue');
  await expect(confirm).toHaveValue('une autre phrase de passe différente');

  await mine.getByLabel('Mot de passe actuel').fill('');
  await mine.getByLabel('Nouveau mot de passe', { exact: true }).fill('');
  await confirm.fill('');
  await mine.getByRole('button', { name: 'Enregistrer' }).click();
  // The profile form's own status line (the second-factor panels on the same page have theirs).
  await expect(mine.locator('form').filter({ has: name }).getByRole('status')).toHaveText('Profil enregistré.');
  // The name as the server saved it (trimmed).
  await expect(name).toHaveValue('Profil renommé');
  await expect(mine.getByLabel('Adresse électronique')).toHaveValue(account.email);
  await mine.context().close();
});
