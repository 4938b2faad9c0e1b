/**
 * Every kind of the index has every part a kind is made of (lib/content/kinds/kind.ts): a kind
 * that lacks one — or an area of the registry whose kind has no module — fails here, before any
 * screen, list, scheduler run or file library shows the gap.
 */
import { getTableColumns } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { actionGroups, actionLabels } from '@/lib/admin/journal';
import { areas, getArea, type Area } from '@/lib/content/areas';
import { allKinds, formFields, formSchema, isKindName, kindOf, kinds } from './index';
import type { ItemRow } from './kind';

const itemColumns: (keyof ItemRow)[] = [
  'id',
  'title',
  'slug',
  'status',
  'publishedAt',
  'version',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'createdBy',
  'updatedBy',
];
const areasOf = (name: string) => (areas as readonly Area[]).filter((a) => a.kind === name);
/** The kinds the areas name. */
const kindNames = [...new Set((areas as readonly Area[]).map((a) => a.kind))].filter((k) => k !== 'pages');

describe('the index of kinds', () => {
  it('has one module per kind the areas name, and the reverse, each under its own name', () => {
    expect(Object.keys(kinds).sort()).toEqual([...kindNames].sort());
    for (const kind of allKinds) {
      expect(kindOf(kind.name)).toBe(kind);
      expect(kinds[kind.name]).toBe(kind);
      expect(kind.form.fields.length, kind.name).toBeGreaterThan(0);
    }
    expect(() => kindOf('pages')).toThrow(/ne se gère pas ici/);
    expect(new Set(allKinds.map((k) => k.entity)).size).toBe(allKinds.length);
  });

  it('gives a kind to every area of the registry except institutional pages, and areas to every kind', () => {
    for (const a of areas as readonly Area[]) expect(a.kind === 'pages' || isKindName(a.kind), a.slug).toBe(true);
    for (const name of kindNames) expect(areasOf(name).length, name).toBeGreaterThan(0);
  });

  describe.each(allKinds.map((kind) => [kind.name, kind] as const))('%s', (name, kind) => {
    it('has a table with the life-cycle columns, and its words', () => {
      const columns = Object.keys(getTableColumns(kind.table));
      expect(columns).toEqual(expect.arrayContaining(itemColumns));
      expect(kind.entity).toMatch(/^[a-z]+$/);
      for (const word of [kind.words.noun, kind.words.plural, kind.words.this]) expect(word.trim()).not.toBe('');
      expect(['la', 'le']).toContain(kind.words.pronoun);
    });

    it('says which areas its rows belong to', () => {
      if ('slug' in kind.area) expect(getArea(kind.area.slug)?.kind).toBe(name);
      else {
        expect(Object.values(getTableColumns(kind.table))).toContain(kind.area.column);
        expect(Object.keys(getTableColumns(kind.table))).toContain(kind.area.key);
        expect(kind.area.label).not.toBe('');
      }
    });

    it('has a form with a title and a slug, checked by its schema with French messages for every area', () => {
      for (const area of areasOf(name)) {
        const names = formFields(area).map((f) => f.name);
        expect(names).toEqual(expect.arrayContaining(['title', 'slug']));
        const result = formSchema(area).safeParse({});
        expect(result.success).toBe(false);
        expect(result.error?.issues.some((i) => i.path[0] === 'title' && /obligatoire/.test(i.message))).toBe(true);
      }
    });

    it('writes, lists, loads, previews and points to files', () => {
      for (const part of ['tags', 'schema', 'columns', 'fileRefs', 'publicUrl', 'editValues', 'preview'] as const)
        expect(typeof kind[part], part).toBe('function');
      expect(kind.adminList.search.length).toBeGreaterThan(0);
      expect(kind.adminList.yearOf).toBeDefined();
      const fields = kind.form.fields.map((f) => f.name);
      if (kind.owned) expect(fields).toContain(kind.owned.field);
      // Each single-file column has its form field, an image picker for a cover, a document picker of its types otherwise.
      for (const single of kind.fileColumns ?? []) {
        const field = kind.form.fields.find((f) => f.name === single.field);
        expect(field?.type, single.field).toBe(single.role === 'cover' ? 'image' : 'document');
        if (single.role === 'document') expect(field?.accept).toEqual(single.types);
      }
      // A form field picking one file says which column stores it, so the file library lists the use and hides it until publication.
      for (const f of kind.form.fields.filter((x) => (x.type === 'image' || x.type === 'document') && !x.lang))
        expect(kind.fileColumns?.map((c) => c.field)).toContain(f.name);
    });

    it('has its public half (its list, and its items when they have pages) unless its areas have their own route (publications)', () => {
      if (kind.name === 'publications') return expect(kind.site).toBeUndefined();
      expect(typeof kind.site?.list).toBe('function');
      if (kind.site?.item) expect(typeof kind.site.item.refs).toBe('function');
    });

    it('has its actions in the activity journal', () => {
      for (const verb of ['create', 'update', 'publish', 'schedule', 'unpublish', 'trash', 'restore', 'delete']) {
        expect(actionLabels[`${kind.entity}.${verb}`], verb).toBeDefined();
      }
      expect(actionGroups.map((g) => g.key)).toContain(kind.entity);
    });
  });
});
