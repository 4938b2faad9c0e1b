/**
 * The institute's presentation (/admin/about) and an area's introduction: what an editor saves is
 * on the public pages at the next request (mission text, the director's word and his new photo,
 * the phone number in every footer, an area's introduction), and a save from a form loaded before
 * someone else's is refused with a French message while the first save stays. Each test puts back
 * what it changed: the smoke spec and Lighthouse read these pages.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signIn } from './helpers/login';

// The tests edit the same pages: one after the other.
test.describe.configure({ mode: 'serial' });

// A form left with unsaved changes asks before the page is left: the tests leave anyway.
test.beforeEach(({ page }) => {
  page.on('dialog', (dialog) => void dialog.accept());
});

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** The rich-text editor of a form region (its editable region is a labelled textbox). */
const editorOf = (region: Locator, label = 'Texte') => region.getByRole('textbox', { name: label, exact: true });

/** The HTML a form holds for its rich text (the editor's hidden input). */
const htmlOf = (region: Locator) => region.locator('input[type="hidden"][name="body"]').inputValue();

/** Types a new last paragraph at the end of the text, as a person would. */
async function appendParagraph(page: Page, editor: Locator, text: string) {
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(text);
}

/** Replaces the whole text with this HTML, pasted as from a word processor. */
async function pasteHtml(page: Page, editor: Locator, html: string) {
  await editor.click();
  await page.keyboard.press('Control+A');
  await editor.evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/html', value);
    data.setData('text/plain', '');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, html);
}

async function save(region: Locator, button: string, message: string | RegExp) {
  await region.getByRole('button', { name: button }).click();
  await expect(region.getByRole('status')).toContainText(message);
}

/** The editor is ready when its toolbar replaced the loading placeholder. */
async function openAbout(page: Page) {
  await page.goto('/admin/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Présentation de l’institut' })).toBeVisible();
  await expect(editorOf(page.getByRole('region', { name: 'Missions' }))).toBeVisible();
  await expect(editorOf(page.getByRole('region', { name: 'Mot du Directeur général' }))).toBeVisible();
}

test('modifier les missions et le mot du DG avec une nouvelle photo : les pages publiques suivent', async ({ page }) => {
  await signIn(page, '/admin/about');
  await openAbout(page);
  const mission = page.getByRole('region', { name: 'Missions' });
  const word = page.getByRole('region', { name: 'Mot du Directeur général' });
  const originalMission = await htmlOf(mission);
  const originalWord = await htmlOf(word);
  const photoPicker = word.getByRole('group', { name: 'Photo du Directeur général' });
  const originalPhotoId = await photoPicker.locator('input[name="photoFileId"]').inputValue();
  const originalPhotoName = (await photoPicker.getByRole('link').textContent())!.trim();
  expect(originalMission).toContain('<p>');
  expect(originalPhotoId).not.toBe('');

  const id = stamp();
  const missionText = `Nouvelle mission de test ${id}.`;
  const wordText = `Message du Directeur général ${id}.`;
  const photoName = `Portrait e2e ${id}.png`;
  let uploadedId = '';
  try {
    await appendParagraph(page, editorOf(mission), missionText);
    await expect(mission.getByRole('status')).toHaveText('Modifications non enregistrées.');
    await save(mission, 'Enregistrer les missions', 'Page « Missions » enregistrée');
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Page « Missions » enregistrée' })).toBeVisible();

    await appendParagraph(page, editorOf(word), wordText);
    await photoPicker.getByRole('button', { name: 'Changer…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Photo du Directeur général' });
    const png = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#2f6f4f' } })
      .png()
      .toBuffer();
    await dialog.getByLabel('choisissez des fichiers').setInputFiles({ name: photoName, mimeType: 'image/png', buffer: png });
    await expect(dialog).toBeHidden();
    await expect(photoPicker.getByRole('link')).toHaveText(photoName);
    uploadedId = await photoPicker.locator('input[name="photoFileId"]').inputValue();
    expect(uploadedId).not.toBe(originalPhotoId);
    await save(word, 'Enregistrer le mot du Directeur général', 'Page « Mot du Directeur général » enregistrée');

    // The next request shows them.
    await page.goto('/presentation/mission');
    await expect(page.getByRole('main')).toContainText(missionText);
    await page.goto('/presentation/mot_du_dg');
    await expect(page.getByRole('main')).toContainText(wordText);
    const portrait = page.getByRole('img', { name: 'Portrait du Directeur général' });
    await expect(portrait).toHaveAttribute('src', new RegExp(uploadedId));
    await portrait.scrollIntoViewIfNeeded();
    await expect.poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  } finally {
    // Put everything back as the seed had it.
    await openAbout(page);
    await pasteHtml(page, editorOf(mission), originalMission);
    await save(mission, 'Enregistrer les missions', /Page « Missions » enregistrée|Aucune modification/);
    await pasteHtml(page, editorOf(word), originalWord);
    if ((await photoPicker.locator('input[name="photoFileId"]').inputValue()) !== originalPhotoId) {
      await photoPicker.getByRole('button', { name: 'Changer…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Photo du Directeur général' });
      await dialog.getByLabel('Rechercher dans la bibliothèque').fill(originalPhotoName);
      await dialog
        .getByRole('button', { name: `Choisir ${originalPhotoName}` })
        .first()
        .click();
    }
    await expect(photoPicker.locator('input[name="photoFileId"]')).toHaveValue(originalPhotoId);
    await save(word, 'Enregistrer le mot du Directeur général', /Page « Mot du Directeur général » enregistrée|Aucune modification/);
    if (uploadedId) expect((await page.request.delete(`/api/files/${uploadedId}`)).status()).toBe(200);
  }
  await page.goto('/presentation/mission');
  await expect(page.getByRole('main')).not.toContainText(missionText);
  await page.goto('/presentation/mot_du_dg');
  await expect(page.getByRole('main')).not.toContainText(wordText);
  await expect(page.getByRole('img', { name: 'Portrait du Directeur général' })).toHaveAttribute('src', new RegExp(originalPhotoId));
});

test('changer le téléphone de l’institut : le pied de page le montre, une erreur est dite en français', async ({ page }) => {
  await signIn(page, '/admin/about');
  const identity = page.getByRole('region', { name: 'Identité de l’institut' });
  const phone = identity.getByLabel('Téléphone', { exact: true });
  const original = await phone.inputValue();
  const id = String(Date.now()).slice(-6);
  const changed = `+999 70 ${id.slice(0, 2)} ${id.slice(2, 4)} ${id.slice(4, 6)}`;

  // Checked in the browser before sending: the message is under the field, nothing is saved.
  await phone.fill('appelez-nous');
  await identity.getByRole('button', { name: 'Enregistrer l’identité' }).click();
  await expect(identity.getByRole('alert')).toContainText('Certains champs sont à corriger');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toHaveAccessibleDescription(/Téléphone : utilisez des chiffres/);
  await expect(phone).toBeFocused();

  try {
    await phone.fill(changed);
    await save(identity, 'Enregistrer l’identité', 'Identité de l’institut enregistrée');
    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText(`Tél. : ${changed}`);
  } finally {
    await page.goto('/admin/about');
    await phone.fill(original);
    await save(identity, 'Enregistrer l’identité', /Identité de l’institut enregistrée|Aucune modification/);
  }
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText(`Tél. : ${original}`);
});

test('modifier l’introduction d’une rubrique depuis son écran : la page publique la montre', async ({ page }) => {
  await signIn(page, '/admin/methodes');
  const intro = page.getByRole('region', { name: 'Introduction de la rubrique' });
  const editor = editorOf(intro, 'Introduction de la rubrique');
  await expect(editor).toBeVisible();
  const original = await htmlOf(intro);
  const text = `Introduction de test ${stamp()}.`;
  try {
    await appendParagraph(page, editor, text);
    await save(intro, 'Enregistrer l’introduction', 'Introduction de la rubrique enregistrée');
    await page.goto('/methodes');
    await expect(page.getByRole('main')).toContainText(text);
  } finally {
    await page.goto('/admin/methodes');
    await expect(editor).toBeVisible();
    await pasteHtml(page, editor, original);
    await save(intro, 'Enregistrer l’introduction', /Introduction de la rubrique enregistrée|Aucune modification/);
  }
  await page.goto('/methodes');
  await expect(page.getByRole('main')).not.toContainText(text);
});

test('deux fenêtres sur les missions : la seconde est refusée en français, la première reste', async ({ browser }) => {
  // Two sign-ins, three contexts and four saves: three times an ordinary test's work.
  test.setTimeout(150_000);
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const a = await first.newPage();
    const b = await second.newPage();
    await signIn(a, '/admin/about');
    await signIn(b, '/admin/about');
    await openAbout(a);
    await openAbout(b);
    const missionA = a.getByRole('region', { name: 'Missions' });
    const missionB = b.getByRole('region', { name: 'Missions' });
    const original = await htmlOf(missionA);
    const id = stamp();
    try {
      await appendParagraph(a, editorOf(missionA), `Version de la première fenêtre ${id}.`);
      await save(missionA, 'Enregistrer les missions', 'Page « Missions » enregistrée');

      await appendParagraph(b, editorOf(missionB), `Version de la seconde fenêtre ${id}.`);
      await missionB.getByRole('button', { name: 'Enregistrer les missions' }).click();
      const alert = missionB.getByRole('alert');
      await expect(alert).toContainText(
        /Vous avez enregistré le texte des missions à \d\d:\d\d dans une autre fenêtre pendant que vous le modifiiez ici\./,
      );
      await expect(alert).toContainText('Vos changements n’ont pas été enregistrés');
      // The refused form keeps what was typed.
      await expect(editorOf(missionB)).toContainText(`Version de la seconde fenêtre ${id}.`);

      const visitor = await browser.newContext();
      const publicPage = await visitor.newPage();
      await publicPage.goto('/presentation/mission');
      await expect(publicPage.getByRole('main')).toContainText(`Version de la première fenêtre ${id}.`);
      await expect(publicPage.getByRole('main')).not.toContainText(`Version de la seconde fenêtre ${id}.`);
      await visitor.close();
    } finally {
      await pasteHtml(a, editorOf(missionA), original);
      await save(missionA, 'Enregistrer les missions', /Page « Missions » enregistrée|Aucune modification/);
    }
  } finally {
    await first.close();
    await second.close();
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text field by its accessible name (a required field's « * » is not part of it). */
const box = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

/** A field refused: marked invalid, focused, its message read with it (after its hint, if any). */
async function expectRefused(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(typeof message === 'string' ? new RegExp(`${escape(message)}$`) : message);
  await expect(field).toBeFocused();
}

// Issue 30: a refused save keeps what was typed (the other forms: e2e/forms-keep-input.spec.ts).

test('identité de l’institut : un refus garde la saisie, l’enregistrement montre les valeurs enregistrées', async ({ page }) => {
  await signIn(page, '/admin/about');
  const form = page.getByRole('region', { name: 'Identité de l’institut' });
  const field = (label: string | RegExp) => form.getByLabel(label, { exact: typeof label === 'string' });
  const original = {
    tagline: await field('Devise').inputValue(),
    phone: await field('Téléphone').inputValue(),
    en: await field('Nom de l’institut en anglais').inputValue(),
  };
  await field('Devise').fill('Devise de test');
  await field('Téléphone').fill('appelez-nous');
  await field('Nom de l’institut en anglais').fill('Test institute');
  await form.getByRole('button', { name: 'Enregistrer l’identité' }).click();

  await expectRefused(field('Téléphone'), /Téléphone : utilisez des chiffres/);
  await expect(field('Devise')).toHaveValue('Devise de test');
  await expect(field('Téléphone')).toHaveValue('appelez-nous');
  await expect(field('Nom de l’institut en anglais')).toHaveValue('Test institute');

  // Corrected by putting back what was saved (typed with spaces around): shared data stays as it was.
  await field('Devise').fill(`  ${original.tagline}  `);
  await field('Téléphone').fill(original.phone);
  await field('Nom de l’institut en anglais').fill(original.en);
  await form.getByRole('button', { name: 'Enregistrer l’identité' }).click();
  await expect(form.getByRole('status')).toHaveText(/Aucune modification à enregistrer|Identité de l’institut enregistrée/);
  await expect(field('Devise')).toHaveValue(original.tagline);
  await expect(field('Téléphone')).toHaveValue(original.phone);
  await expect(field('Téléphone')).not.toHaveAttribute('aria-invalid');
});

test('page institutionnelle : un refus garde titre, texte et version anglaise, l’enregistrement montre la page enregistrée', async ({
  page,
}) => {
  await signIn(page, '/admin/about');
  const form = page.getByRole('region', { name: 'Missions' });
  const title = box(form, 'Titre de la page');
  const englishTitle = form.getByLabel('Titre de la page en anglais');
  const editor = editorOf(form, 'Texte');
  await expect(editor).toBeVisible();
  const original = { title: await title.inputValue(), en: await englishTitle.inputValue(), body: await htmlOf(form) };
  const added = `Paragraphe de test ${stamp()}.`;
  await title.fill('');
  await englishTitle.fill('Test mission');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type(added);
  await form.getByRole('button', { name: 'Enregistrer les missions' }).click();

  await expectRefused(title, /Le titre/);
  await expect(title).toHaveValue('');
  await expect(englishTitle).toHaveValue('Test mission');
  await expect(editor).toContainText(added);
  expect(await htmlOf(form)).toContain(added);

  await title.fill(`  ${original.title}  `);
  await englishTitle.fill(original.en);
  await pasteHtml(page, editor, original.body);
  await form.getByRole('button', { name: 'Enregistrer les missions' }).click();
  await expect(form.getByRole('status')).toHaveText(/Aucune modification à enregistrer|Page « Missions » enregistrée/);
  await expect(title).toHaveValue(original.title);
  await expect(editor).not.toContainText(added);
});
