/**
 * Several app instances on one Postgres: an editor writes on the first (the server under test), and
 * the very next request to a second one — its own copy of the build, its own process and caches,
 * the same database and files — shows the change: the publication's page, the area's list, the 404.
 * The second instance's copies are warm before each write (served from its caches), so what is
 * checked is that they are dropped, not merely that a first render is fresh. Last, a write while
 * the second instance is down: once restarted, its first answers are not its copies on disk.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers/login';
import { startSecondInstance, type SecondInstance } from './helpers/second-instance';

test.skip(
  !process.env.DATABASE_URL,
  'Plusieurs instances ne partagent qu’une base Postgres (DATABASE_URL) : PGlite tient en un seul processus.',
);
test.describe.configure({ mode: 'serial' });

const LIST = '/indice/ipc';
let second: SecondInstance | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const baseURL = test.info().project.use.baseURL ?? 'http://127.0.0.1:3100';
  // The same site (canonical links) and the same stored files as the first instance.
  second = await startSecondInstance({ SITE_URL: baseURL, DATA_DIR: path.resolve(process.env.DATA_DIR ?? '.data-e2e') });
});

test.afterAll(async () => {
  await second?.remove();
});

/** A visitor's request to the second instance (no cookie, no redirect followed). */
async function onSecond(pathname: string): Promise<{ status: number; html: string }> {
  const response = await fetch(`${second!.server.baseUrl}${pathname}`, { redirect: 'manual' });
  return { status: response.status, html: await response.text() };
}

/** Visits each path a few times: the second instance holds them in its caches (Next's and the front cache). */
async function warmSecond(...paths: string[]): Promise<void> {
  for (const p of paths) for (let i = 0; i < 3; i++) await onSecond(p);
}

/** Runs a life-cycle button on the first instance and waits until the item shows its new state. */
async function act(page: Page, button: string | RegExp, state: string): Promise<number> {
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByTestId('etat')).toHaveText(state);
  return Date.now();
}

test(
  'une écriture sur une instance se voit dès la requête suivante sur une autre : page, liste, 404',
  { tag: '@clock' },
  async ({ page }) => {
    test.setTimeout(150_000);
    const delays: string[] = [];
    const seen = (step: string, since: number) => delays.push(`${step} : ${Date.now() - since} ms`);
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const title = `Instances ${id}`;

    await signIn(page, '/admin/indice/prix_consommation');
    await page.getByRole('link', { name: 'Nouvel élément' }).click();
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    await page.getByRole('textbox', { name: 'Résumé', exact: true }).fill(`Résumé ${id}`);
    await page.getByRole('button', { name: 'Créer le brouillon' }).click();
    await expect(page).toHaveURL(/\/\d+$/);
    await expect(page.getByTestId('etat')).toHaveText('Brouillon');

    // Publish on the first: the second lists it and serves its page.
    await warmSecond(LIST);
    expect((await onSecond(LIST)).html).not.toContain(title);
    let at = await act(page, 'Mettre en ligne maintenant', 'En ligne');
    const url = (await page.getByRole('link', { name: 'Voir sur le site' }).getAttribute('href'))!;
    expect(url).toMatch(/^\/indice\/ipc\//);
    let answer = await onSecond(url);
    seen('mise en ligne', at);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(title);
    expect((await onSecond(LIST)).html).toContain(title);

    // Edit on the first: the second's cached page and list show the new title.
    await warmSecond(url, LIST);
    const edited = `${title} modifiée`;
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(edited);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('Tout est enregistré')).toBeVisible();
    at = Date.now();
    answer = await onSecond(url);
    seen('modification', at);
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(edited);
    expect((await onSecond(LIST)).html).toContain(edited);

    // Unpublish on the first: a 404 on the second, and gone from its list.
    await warmSecond(url, LIST);
    at = await act(page, /^Retirer du site/, 'Brouillon');
    answer = await onSecond(url);
    seen('retrait', at);
    expect(answer.status).toBe(404);
    expect((await onSecond(LIST)).html).not.toContain(edited);

    // Online again, then trashed on the first: a 404 on the second, and gone from its list.
    await act(page, 'Mettre en ligne maintenant', 'En ligne');
    expect((await onSecond(url)).status).toBe(200);
    await warmSecond(url, LIST);
    expect((await onSecond(LIST)).html).toContain(edited);
    at = await act(page, 'Mettre à la corbeille', 'Dans la corbeille');
    answer = await onSecond(url);
    seen('corbeille', at);
    expect(answer.status).toBe(404);
    expect((await onSecond(LIST)).html).not.toContain(edited);

    // Restored on the first while the second is down: once restarted, the second does not serve
    // its copies on disk (written before the restore), neither the 404 nor the list without it.
    await second!.server.stop();
    await act(page, 'Restaurer', 'En ligne');
    await second!.restart();
    answer = await onSecond(LIST);
    expect(answer.html).toContain(edited);
    expect((await onSecond(url)).status).toBe(200);

    // Leave the demo site as it was: off the site, in the trash.
    await act(page, 'Mettre à la corbeille', 'Dans la corbeille');

    test.info().annotations.push({ type: 'délais (écriture sur la première → réponse de la seconde)', description: delays.join(', ') });
    console.info(`Deux instances : ${delays.join(', ')}.`);
  },
);
