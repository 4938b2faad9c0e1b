/**
 * Page weight (issue 25 item 4). The HTML of a page is sent with its RSC payload (the inline
 * `self.__next_f.push` scripts), which repeats every element a server component renders: the site
 * frame is drawn by client components given plain data (components/site/site-header.tsx,
 * site-footer.tsx), and repeated cells and links carry one short class. This spec holds the HTML
 * sizes (before compression, as the production server sends them) under their budgets and checks
 * that the frame's markup is not in the payload. Sizes, not timing: they do not depend on the machine.
 */
import { expect, test } from '@playwright/test';

/**
 * Bytes of HTML allowed. A series page meets issue 25's goal (120 KB; ~93 KB on the demo). The home
 * page does not yet meet its goal of 80 KB (~114 KB on the demo, from 142 KB): most of what is left
 * is its own content, whose elements the payload repeats (docs/serving-and-caches.md, « Page
 * weight »); its budget holds what was gained until that is done.
 */
const budgets: { path: string; max: number }[] = [
  { path: '/', max: 120_000 },
  { path: '/en', max: 120_000 },
  { path: '/indice/ipc/series/IPC', max: 120_000 },
  { path: '/en/indice/ipc/series/IPC', max: 120_000 },
];

/** The text of a page's RSC payload: what its `self.__next_f.push([1, "…"])` scripts carry. */
function payloadOf(html: string): string {
  return [...html.matchAll(/<script>self\.__next_f\.push\((\[.*?\])\)<\/script>/gs)]
    .map((m) => JSON.parse(m[1]!) as [number, string?])
    .filter(([kind]) => kind === 1)
    .map(([, text]) => text ?? '')
    .join('');
}

for (const { path, max } of budgets) {
  test(`${path} : HTML de moins de ${max / 1000} Ko, sans le cadre du site dans sa charge RSC`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const body = await response.body();
    expect(body.length, `${path} pèse ${body.length} octets`).toBeLessThan(max);

    const html = body.toString('utf8');
    const payload = payloadOf(html);
    expect(payload.length, 'la page a une charge RSC').toBeGreaterThan(0);
    // The frame is in the HTML, and in the payload only as its client components' data.
    const inPayload = (text: string) => payload.includes(text);
    expect(html).toContain('class="menu-link"');
    expect(inPayload('menu-link'), 'les liens des menus dans la charge RSC').toBe(false);
    expect(inPayload('["$","header"'), "l'arbre de l'en-tête dans la charge RSC").toBe(false);
    expect(inPayload('["$","footer"'), "l'arbre du pied de page dans la charge RSC").toBe(false);
    // The layout's not-found page, which Next sends ahead with every page, is a reference, not a tree.
    expect(inPayload('"text-6xl font-bold text-primary"'), 'la page 404 dans la charge RSC').toBe(false);
    // A series' values travel as text, not as one element tree per row (a body row has a key, its period).
    if (path.includes('/series/')) {
      expect(html).toContain('<th scope="row">');
      expect(inPayload('["$","tr","'), 'les lignes de valeurs en arbres dans la charge RSC').toBe(false);
    }
  });
}
