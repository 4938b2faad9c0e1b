/**
 * Readers of the home page while an editor saves (issue 25): every reader gets the page (never an
 * error), and the editor's next request after each save's answer shows the change — on the page
 * readers are reading, which the production server renders before the save answers
 * (lib/http/page-cache.ts, lib/ops/invalidate.ts).
 */
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { callAction } from './helpers/actions';
import { apiSignIn } from './helpers/login';

test('des lecteurs de l’accueil pendant des enregistrements : aucune erreur, la modification visible dès la requête suivante', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const token = await apiSignIn(request);
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const title = `Lecteurs pendant un enregistrement ${id}`;
  const created = await callAction(request, 'saveItemAction', {
    area: 'news',
    values: { title, excerpt: 'Essai.', body: '<p>Essai.</p>' },
  });
  const newsId = Number(/"id":(\d+)/.exec(created)?.[1]);
  expect(newsId, created).toBeGreaterThan(0);
  const link = `href="/actualites/${newsId}"`;
  const save = async (action: 'publish' | 'unpublish' | 'trash') => {
    const response = await request.post('/api/admin/news/bulk', {
      headers: { Authorization: `Bearer ${token}` },
      data: { action, ids: [newsId] },
    });
    expect(response.status(), await response.text()).toBe(200);
  };

  // Visitors without a session, four at a time, reading the home page until the editor is done.
  const visitors = await playwrightRequest.newContext({ baseURL });
  const statuses = new Map<number, number>();
  let reading = true;
  const readers = Array.from({ length: 4 }, async () => {
    while (reading) {
      const response = await visitors.get('/', { failOnStatusCode: false });
      await response.body();
      statuses.set(response.status(), (statuses.get(response.status()) ?? 0) + 1);
    }
  });
  try {
    // The page is being read (from the front cache) before the first save.
    await expect.poll(() => statuses.get(200) ?? 0).toBeGreaterThan(4);
    for (let round = 0; round < 3; round++) {
      await save('publish');
      expect(await (await request.get('/')).text(), `enregistrement ${round + 1} : en ligne`).toContain(link);
      await save('unpublish');
      expect(await (await request.get('/')).text(), `enregistrement ${round + 1} : retirée`).not.toContain(link);
    }
  } finally {
    reading = false;
    await Promise.all(readers);
    await visitors.dispose();
    await save('trash');
  }
  expect(Object.fromEntries(statuses)).toEqual({ 200: statuses.get(200) });
});
