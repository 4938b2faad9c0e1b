/**
 * Sign-in journeys and the user API against the running production server: the form, reload,
 * sign-out, the French error toast, cookie and bearer sessions, the rate limit, and admin pages
 * and actions refused to visitors whatever headers they send.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { adminMenu } from '../lib/content/areas';
import { apiSignIn, demoAccount, signIn, signInContext } from './helpers/login';
import { expectNoSeriousA11yViolations, watchConsoleErrors } from './helpers/page-checks';

test.describe('parcours de connexion', () => {
  test('se connecter, recharger, se déconnecter : /admin renvoie de nouveau vers /', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await expect(page.getByRole('link', { name: demoAccount.name })).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
  });

  test('un mauvais mot de passe affiche une erreur en français dans un toast', async ({ page }) => {
    await page.goto('/admin/connexion');
    await page.getByLabel('Adresse électronique').fill(demoAccount.email);
    await page.getByLabel('Mot de passe').fill('ce n’est pas le bon mot de passe');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.locator('[data-sonner-toast]')).toContainText('Adresse e-mail ou mot de passe incorrect.');
    await expect(page.getByRole('status').filter({ hasText: 'incorrect' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/connexion$/);
  });

  test('la page d’administration demandée d’abord est ouverte après la connexion', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/admin/connexion');
    await page.getByLabel('Adresse électronique').fill(demoAccount.email);
    await page.getByLabel('Mot de passe').fill(demoAccount.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    // Connected, the login page sends to the dashboard.
    await page.goto('/admin/connexion');
    await expect(page).toHaveURL(/\/admin$/);
  });

  // One test per screen: axe takes 5–10 s on an admin screen of a loaded 2-core machine, so the
  // ~30 screens in one test outgrew any sensible time limit.
  for (const path of [...new Set(adminMenu().map((entry) => entry.path)), '/admin/users/profil']) {
    test(`${path} s’ouvre connecté, accessible et sans erreur`, async ({ page }) => {
      test.setTimeout(120_000);
      // Signed in through the API: the form and the dashboard it opens are the journeys above.
      await signInContext(page);
      const errors = watchConsoleErrors(page);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('API utilisateur', () => {
  test('connexion : 200, cookie, { user, token } ; session par cookie et par bearer ; déconnexion → 401 pour les deux', async ({
    request,
    playwright,
    baseURL,
  }) => {
    const login = await request.post('/api/user/login', { data: { email: demoAccount.email, password: demoAccount.password } });
    expect(login.status()).toBe(200);
    const setCookie = login.headers()['set-cookie'] ?? '';
    expect(setCookie).toMatch(/insstat_session=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    const { user, token } = (await login.json()) as { user: { email: string }; token: string };
    expect(user.email).toBe(demoAccount.email);

    const byCookie = await request.get('/api/user/isConnected/me');
    expect(byCookie.status()).toBe(200);
    const bearerOnly = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
    expect((await bearerOnly.get('/api/user/isConnected/me')).status()).toBe(200);

    expect((await request.post('/api/user/logout')).status()).toBe(200);
    expect((await request.get('/api/user/isConnected/me')).status()).toBe(401);
    expect((await bearerOnly.get('/api/user/isConnected/me')).status()).toBe(401);
    await bearerOnly.dispose();
  });

  test('GET /api/users sans session : 401 ; avec session : la liste', async ({ request }) => {
    expect((await request.get('/api/users')).status()).toBe(401);
    await apiSignIn(request);
    const list = await request.get('/api/users');
    expect(list.status()).toBe(200);
    expect(((await list.json()) as { users: { email: string }[] }).users.map((u) => u.email)).toContain(demoAccount.email);
  });

  test('adresse inconnue et mauvais mot de passe : même réponse ; la 11e erreur en 15 minutes : 429', async ({ request }) => {
    // Its own address (the test server trusts one proxy hop), so other tests' sign-ins are not limited.
    const headers = { 'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 200) + 20}` };
    const wrong = await request.post('/api/user/login', { headers, data: { email: demoAccount.email, password: 'mauvais mot de passe' } });
    const unknown = await request.post('/api/user/login', {
      headers,
      data: { email: 'personne@inss-sahelia.example', password: 'mauvais mot de passe' },
    });
    expect(wrong.status()).toBe(401);
    expect(unknown.status()).toBe(401);
    expect(await wrong.text()).toBe(await unknown.text());
    for (let i = 3; i <= 10; i++) {
      expect(
        (
          await request.post('/api/user/login', {
            headers,
            data: { email: `essai${i}@inss-sahelia.example`, password: 'mauvais mot de passe' },
          })
        ).status(),
      ).toBe(401);
    }
    const eleventh = await request.post('/api/user/login', { headers, data: { email: demoAccount.email, password: demoAccount.password } });
    expect(eleventh.status()).toBe(429);
    expect(((await eleventh.json()) as { error: string }).error).toMatch(/Trop de tentatives/);
  });
});

test.describe('refus sans session', () => {
  const hostile: Record<string, string>[] = [
    { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' },
    { RSC: '1' },
    { RSC: '1', 'Next-Router-Prefetch': '1', 'Next-Router-Segment-Prefetch': '/_tree' },
    { Cookie: 'insstat_session=jeton-invente' },
    { Authorization: 'Bearer jeton-invente' },
  ];
  for (const headers of hostile) {
    test(`/admin/news reste redirigé (${Object.keys(headers).join(', ')})`, async ({ request }) => {
      const response = await request.get('/admin/news', { headers, maxRedirects: 0 });
      expect(response.status()).toBe(307);
      expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe('/');
      const body = await response.text();
      expect(body).not.toContain('Tableau de bord');
      expect(body).not.toContain(demoAccount.email);
    });
  }

  test('chaque action d’administration appelée par son identifiant, sans session, est refusée et n’écrit rien', async ({
    request,
    browser,
  }) => {
    // Every server action of the back-office, from the build's manifest (the ids a client would see).
    const manifest = JSON.parse(readFileSync('.next/server/server-reference-manifest.json', 'utf8')) as {
      node: Record<string, { exportedName: string; filename?: string; workers: Record<string, unknown> }>;
    };
    const actions = Object.entries(manifest.node).filter(([, a]) => a.filename?.startsWith('app/admin/'));
    expect(actions.map(([, a]) => a.exportedName)).toEqual(
      expect.arrayContaining([
        'createUserAction',
        'setUserActiveAction',
        'updateProfileAction',
        'saveItemAction',
        'changeItemAction',
        'updateIdentityAction',
        'updateMissionAction',
        'updateDirectorWordAction',
        'updateAreaIntroAction',
      ]),
    );
    const email = `intrus-${Date.now()}@inss-sahelia.example`;
    for (const [id, action] of actions) {
      for (const worker of Object.keys(action.workers)) {
        const path =
          worker
            .replace(/^app/, '')
            .replace(/\/page$/, '')
            .replace(/\/\([^)]+\)/g, '')
            .replace(/\[\.\.\.path\]/, 'news') || '/';
        for (const headers of [{}, { Cookie: 'insstat_session=jeton-invente' }, { Authorization: 'Bearer jeton-invente' }] as Record<
          string,
          string
        >[]) {
          const response = await request.post(path, {
            headers: { ...headers, 'Next-Action': id, Accept: 'text/x-component', 'Content-Type': 'text/plain;charset=UTF-8' },
            // Fields every admin action could read: an account, a profile, an item to save or move, an institutional text.
            data: JSON.stringify([
              {
                name: 'Intrus',
                email,
                password: 'une phrase de passe sûre',
                userId: '00000000-0000-4000-8000-000000000000',
                active: false,
                area: 'news',
                values: { title: `Intrus ${email}` },
                id: 1,
                version: 1,
                action: 'trash',
                title: `Intrus ${email}`,
                body: '<p>Intrus</p>',
              },
            ]),
            maxRedirects: 0,
          });
          expect(response.status(), `${action.exportedName} sur ${path}`).toBe(307);
          expect(await response.text()).not.toContain('"ok":true');
        }
      }
    }
    // Nothing was created: a connected user's list does not have the intruder.
    const context = await browser.newContext();
    expect(
      (await context.request.post('/api/user/login', { data: { email: demoAccount.email, password: demoAccount.password } })).status(),
    ).toBe(200);
    const list = (await (await context.request.get('/api/users')).json()) as { users: { email: string }[] };
    expect(list.users.map((u) => u.email)).not.toContain(email);
    const items = (await (await context.request.get(`/api/admin/news?q=${encodeURIComponent('Intrus')}`)).json()) as { total: number };
    expect(items.total).toBe(0);
    const journal = await (await context.request.get('/admin/journal?q=Intrus')).text();
    expect(journal).not.toContain(`Intrus ${email}`);
    await context.close();
  });

  test('les listes et actions groupées du back-office, sans session : 401 et rien ne change', async ({ request }) => {
    for (const kind of ['publications', 'news', 'events', 'galleries', 'tenders']) {
      const list = await request.get(`/api/admin/${kind}?area=ipc`);
      expect(list.status(), kind).toBe(401);
      expect(await list.text()).not.toContain('"items"');
      const bulk = await request.post(`/api/admin/${kind}/bulk`, { data: { action: 'trash', ids: [1, 2, 3] } });
      expect(bulk.status(), kind).toBe(401);
    }
    // The public pages those ids would be on are still there.
    expect((await request.get('/actualites/1')).status()).toBe(200);
  });

  test('une requête de connexion d’un autre site est refusée (403)', async ({ request }) => {
    const response = await request.post('/api/user/login', {
      headers: { Origin: 'https://site-malveillant.example' },
      data: { email: demoAccount.email, password: demoAccount.password },
    });
    expect(response.status()).toBe(403);
    expect(response.headers()['set-cookie']).toBeUndefined();
  });
});
