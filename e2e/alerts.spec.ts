/**
 * Email alerts, as a reader and a publisher meet them: subscribe on a release page without
 * JavaScript, confirm through the link of the message captured by the server (no SMTP_URL: it
 * writes `.eml` files under DATA_DIR/mail), the release goes out at its minute (the test clock
 * brings it) and its message arrives with the right links and RFC 8058 headers, and one click
 * unsubscribes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { submitUntil } from './helpers/actions';
import { signIn } from './helpers/login';
import { daysAhead, moveClockTo, nextMinute } from './helpers/clock';

const mailDir = path.resolve('.data-e2e', 'mail');

/** The first message to `to` whose subject matches, waiting for it up to `timeoutMs`. */
async function message(to: string, subject: RegExp, timeoutMs: number): Promise<ParsedMail & { raw: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((n) => n.endsWith('.eml')) : [];
    for (const name of names) {
      const raw = fs.readFileSync(path.join(mailDir, name), 'utf8');
      if (!raw.includes(to)) continue;
      const mail = await simpleParser(raw);
      if (subject.test(mail.subject ?? '')) return Object.assign(mail, { raw: raw.replace(/\r?\n[ \t]+/g, ' ') });
    }
    if (Date.now() > deadline) throw new Error(`aucun message « ${subject} » pour ${to} après ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const link = (text: string, pathPart: string) => {
  const found = new RegExp(`https?://[^\\s]+${pathPart}\\?jeton=[A-Za-z0-9_-]{43}`).exec(text)?.[0];
  if (!found) throw new Error(`pas de lien ${pathPart} dans :\n${text}`);
  return found;
};

test(
  'alertes : abonnement sans JavaScript, confirmation par le lien reçu, message à la minute de la parution, désabonnement en un clic',
  { tag: '@clock' },
  async ({ page, browser, request, baseURL }) => {
    test.setTimeout(180_000);
    const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
    const title = `Parution alertes ${id}`;
    const email = `lecteur-${id}@example.org`;

    // A publisher announces a release of the IPC (tomorrow for now).
    await signIn(page, '/admin/calendrier/nouvelle');
    await page.getByRole('textbox', { name: 'Titre', exact: true }).fill(title);
    await page.getByLabel('Rubrique').selectOption('ipc');
    await page.getByLabel('Date et heure de parution (UTC)').fill(await daysAhead(request, 1));
    await page.getByRole('button', { name: 'Annoncer la parution' }).click();
    await expect(page).toHaveURL(/\/admin\/calendrier\/\d+$/);
    const releaseAdmin = page.url();
    const slug = (await page.getByRole('link', { name: 'page publique' }).getAttribute('href'))!.split('/').at(-1)!;

    // A reader without JavaScript subscribes on the release page (its area is ticked already).
    const reader = await browser.newContext({ javaScriptEnabled: false });
    const visitor = await reader.newPage();
    await visitor.goto(`/calendrier/${slug}`);
    const form = visitor.getByRole('region', { name: 'Recevoir les alertes par courriel' });
    await expect(form.getByRole('checkbox', { name: 'Prix à la consommation (IPC)' })).toBeChecked();
    await form.getByLabel('Adresse électronique').fill(email);
    await form.getByRole('button', { name: 'S’abonner' }).click();
    await expect(visitor).toHaveURL(/\/alertes\?envoye=1$/);
    await expect(visitor.getByRole('status')).toContainText('suivez son lien pour confirmer');
    expect(await visitor.content()).not.toContain(email);

    // The confirmation message, and its link followed (a button: opening the link alone confirms nothing).
    const confirmation = await message(email, /^Confirmez votre abonnement/, 30_000);
    await visitor.goto(link(confirmation.text ?? '', '/alertes/confirmation'));
    await visitor.getByRole('button', { name: 'Confirmer mon abonnement' }).click();
    await expect(visitor.getByRole('status')).toContainText('Abonnement confirmé');

    // The release confirmed for a coming minute and approved as a whole.
    const at = await nextMinute(request);
    await page.goto(releaseAdmin);
    const confirm = page.getByRole('region', { name: 'Confirmer' });
    await confirm.getByLabel('Date et heure confirmées (UTC)').fill(at.toISOString().slice(0, 16));
    await confirm.getByRole('button', { name: 'Confirmer la date' }).click();
    await expect(confirm.getByRole('status')).toContainText('Date confirmée');
    // Clicked once hydrated, reloaded on a conflict answer, failing with the form's words otherwise
    // (CI: a hand-written loop clicked 30 s on a screen that stayed « En rédaction »).
    await submitUntil(
      page,
      () => page.getByRole('button', { name: 'Approuver la parution' }),
      page.getByTestId('relecture-parution').filter({ hasText: /^Approuvé$/ }),
    );
    expect(
      fs.existsSync(mailDir) && fs.readdirSync(mailDir).some((n) => fs.readFileSync(path.join(mailDir, n), 'utf8').includes(title)),
    ).toBe(false);

    // Its minute comes (the test clock); the message follows: its title, the release page, the one-click headers.
    await moveClockTo(request, at);
    const alert = await message(email, new RegExp(`^Parution : ${title}$`), 60_000);
    expect(alert.text).toContain(`${baseURL}/calendrier/${slug}`);
    expect(alert.html).toContain(`href="${baseURL}/calendrier/${slug}"`);
    expect(alert.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(alert.raw)![1]!;
    const manage = link(alert.text ?? '', '/alertes/gerer');
    await visitor.goto(manage);
    await expect(visitor.getByRole('heading', { name: 'Gérer mes alertes' })).toBeVisible();
    await expect(visitor.getByRole('checkbox', { name: 'Prix à la consommation (IPC)' })).toBeChecked();

    // One click (RFC 8058: the mailbox provider POSTs), and the address is gone: its links lead nowhere.
    const answer = await request.post(oneClick, { form: { 'List-Unsubscribe': 'One-Click' } });
    expect(answer.status()).toBe(200);
    await visitor.goto(manage);
    await expect(visitor.getByRole('alert')).toContainText('ne correspond à aucun abonnement');
    await reader.close();
  },
);
