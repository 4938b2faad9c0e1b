/**
 * The back-office screen of each area of the registry (`/admin/news`, `/admin/lois`…) opens on the
 * area's items, what an editor comes for; the area's series and its introduction's editor come
 * after the list. The sections are stood in for by markers (each has its own tests; the list
 * needs the browser's router), the screen itself is the real one.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { Actor } from '@/lib/admin/access';
import { adminMenu, areas, type Area } from '@/lib/content/areas';
import { isEditable } from '@/lib/content/kinds';

const actor: Actor = { id: 'u1', email: 'admin@inss.example', name: 'Admin', role: 'admin', areas: [] };
vi.mock('@/lib/admin/page-access', () => ({ adminActor: async () => actor }));
vi.mock('../content-actions', () => ({ saveItemAction: vi.fn(), changeItemAction: vi.fn() }));
vi.mock('../intro-actions', () => ({ updateAreaIntroAction: vi.fn() }));
vi.mock('@/components/admin/content/content-list', () => ({
  ContentList: ({ areas }: { areas: string[] }) => createElement('div', { 'data-part': `liste ${areas.join(',')}` }),
}));
vi.mock('@/components/admin/series/area-series-section', () => ({
  AreaSeriesSection: () => createElement('div', { 'data-part': 'series' }),
}));
vi.mock('@/components/admin/content/area-intro-section', () => ({
  AreaIntroSection: ({ area }: { area: Area }) => createElement('div', { 'data-part': `introduction ${area.slug}` }),
}));

const { default: AdminScreenPage } = await import('./page');

/** The list screens of the registry: an admin path with editable areas. */
const screens = adminMenu().filter((m) => (areas as readonly Area[]).some((a) => a.adminPath === m.path && isEditable(a)));

describe('an area’s back-office screen', () => {
  it('covers the news and the laws and decrees', () => {
    expect(screens.map((s) => s.path)).toEqual(expect.arrayContaining(['/admin/news', '/admin/lois']));
  });

  it.each(screens)('$label ($path): the list of items first, then the series, then the introduction', async ({ path }) => {
    const page = await AdminScreenPage({ params: Promise.resolve({ path: path.split('/').slice(2) }), searchParams: Promise.resolve({}) });
    const parts = [...renderToString(page).matchAll(/data-part="([^"]+)"/g)].map((m) => m[1]!.split(' ')[0]);
    const introductions = (areas as readonly Area[]).filter((a) => a.adminPath === path && isEditable(a)).length;
    expect(parts).toEqual(['liste', 'series', ...Array<string>(introductions).fill('introduction')]);
  });
});
