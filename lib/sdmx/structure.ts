/**
 * Structure queries (pure): which artefacts a query matches among the published tables' flows,
 * what its `references` add (children, descendants, parents, parents and siblings, all, or one
 * type), and the SDMX-ML 2.1 Structure message that holds them (`detail`: full, every artefact as a
 * stub, or the referenced ones as stubs). The graph: a dataflow uses its data structure, which uses
 * its concept scheme, its own codelists and the shared ones (statuses, units, multipliers).
 */
import type { Labels } from '@/lib/tables/model';
import {
  primaryMeasure,
  sdmxAgency,
  sdmxVersion,
  sender,
  serviceUrl,
  sharedCodelists,
  timeDimension,
  urnOf,
  type Codelist,
  type ConceptScheme,
  type Flow,
  type StructureType,
} from './model';
import type { Ids, StructureQuery } from './request';
import { SdmxError } from './errors';
import { esc, header, messageId, ns, texts } from './xml';

export type Artefact =
  | { type: 'dataflow'; id: string; name: Labels; flow: Flow }
  | { type: 'datastructure'; id: string; name: Labels; flow: Flow }
  | Codelist
  | ConceptScheme;

const keyOf = (a: { type: string; id: string }) => `${a.type}:${a.id}`;

/** Every artefact of the flows, and who uses whom (`uses`: key → keys). */
export function artefactGraph(flows: readonly Flow[]): { artefacts: Map<string, Artefact>; uses: Map<string, string[]> } {
  const artefacts = new Map<string, Artefact>();
  const uses = new Map<string, string[]>();
  const add = (a: Artefact, children: Artefact[] = []) => {
    artefacts.set(keyOf(a), a);
    uses.set(keyOf(a), children.map(keyOf));
  };
  for (const c of sharedCodelists) add(c);
  for (const f of flows) {
    const dsd: Artefact = { type: 'datastructure', id: f.dsd, name: f.name, flow: f };
    for (const c of f.codelists) add(c);
    add(f.concepts);
    add(dsd, [f.concepts, ...f.codelists, ...sharedCodelists]);
    add({ type: 'dataflow', id: f.id, name: f.name, flow: f }, [dsd]);
  }
  return { artefacts, uses };
}

const inList = (list: Ids, value: string) => list === 'all' || list.includes(value);
const sameVersion = (asked: string) => asked.replace(/(\.0)+$/, '') === sdmxVersion.replace(/(\.0)+$/, '');

/** The artefacts a structure query answers with: those matched (`full`), then those referenced. */
export function selectArtefacts(flows: readonly Flow[], q: StructureQuery): { matched: Artefact[]; referenced: Artefact[] } {
  const { artefacts, uses } = artefactGraph(flows);
  const versionOk = q.versions === 'all' || q.versions.some(sameVersion);
  const agencyOk = inList(q.agencies, sdmxAgency);
  let matched = [...artefacts.values()].filter((a) => a.type === q.type && agencyOk && versionOk && inList(q.ids, a.id));
  if (q.items !== 'all') {
    const wanted = q.items;
    matched = matched.flatMap((a) => {
      if (a.type !== 'codelist' && a.type !== 'conceptscheme') return [];
      const items = a.items.filter((i) => wanted.includes(i.id));
      return items.length > 0 ? [{ ...a, items }] : [];
    });
  }
  if (matched.length === 0) {
    const what = q.ids === 'all' ? `aucun artefact ${q.type}` : `${q.type} ${q.ids.join('+').slice(0, 200)}`;
    throw new SdmxError(
      100,
      `Aucun résultat : ${what} de l’agence ${q.agencies === 'all' ? sdmxAgency : q.agencies.join('+')} n’est publié ici${q.versions === 'all' ? '' : ` en version ${q.versions.join('+')}`}.`,
    );
  }
  const usedBy = new Map<string, string[]>();
  for (const [from, tos] of uses) for (const to of tos) usedBy.set(to, [...(usedBy.get(to) ?? []), from]);
  const step = (keys: Iterable<string>, edges: Map<string, string[]>) => new Set([...keys].flatMap((k) => edges.get(k) ?? []));
  const closure = (keys: Iterable<string>, edges: Map<string, string[]>) => {
    const seen = new Set<string>();
    let frontier = step(keys, edges);
    while (frontier.size > 0) {
      for (const k of frontier) seen.add(k);
      frontier = new Set([...step(frontier, edges)].filter((k) => !seen.has(k)));
    }
    return seen;
  };
  const start = matched.map(keyOf);
  const parents = () => step(start, usedBy);
  const siblings = () => {
    const p = parents();
    return new Set([...p, ...step(p, uses)]);
  };
  let extra = new Set<string>();
  switch (q.references) {
    case 'none':
      break;
    case 'children':
      extra = step(start, uses);
      break;
    case 'descendants':
      extra = closure(start, uses);
      break;
    case 'parents':
      extra = parents();
      break;
    case 'parentsandsiblings':
      extra = siblings();
      break;
    case 'all':
      extra = new Set([...siblings(), ...closure(start, uses)]);
      break;
    default: {
      const type = q.references;
      extra = new Set([...closure(start, usedBy), ...closure(start, uses), ...siblings()].filter((k) => artefacts.get(k)!.type === type));
    }
  }
  for (const k of start) extra.delete(k);
  return { matched, referenced: [...extra].map((k) => artefacts.get(k)!) };
}

const maintainable = (a: Artefact, stub: boolean) =>
  `id="${esc(a.id)}" urn="${esc(urnOf(a.type, a.id))}" agencyID="${sdmxAgency}" version="${sdmxVersion}" isFinal="false"` +
  (stub ? ` isExternalReference="true" structureURL="${esc(`${serviceUrl()}/${a.type}/${sdmxAgency}/${a.id}/${sdmxVersion}`)}"` : '');

const ref = (id: string, klass: string, pkg: string) =>
  `<Ref id="${esc(id)}" version="${sdmxVersion}" agencyID="${sdmxAgency}" package="${pkg}" class="${klass}"/>`;
const conceptRef = (flow: Flow, id: string) =>
  `<structure:ConceptIdentity><Ref id="${esc(id)}" maintainableParentID="${esc(flow.conceptScheme)}" maintainableParentVersion="${sdmxVersion}" agencyID="${sdmxAgency}" package="conceptscheme" class="Concept"/></structure:ConceptIdentity>`;
const enumeration = (codelist: string) =>
  `<structure:LocalRepresentation><structure:Enumeration>${ref(codelist, 'Codelist', 'codelist')}</structure:Enumeration></structure:LocalRepresentation>`;
const textFormat = (type: string) =>
  `<structure:LocalRepresentation><structure:TextFormat textType="${type}"/></structure:LocalRepresentation>`;

function dataStructure(flow: Flow): string {
  const dims = flow.dimensions
    .map(
      (d, i) =>
        `<structure:Dimension id="${esc(d.id)}" position="${i + 1}">${conceptRef(flow, d.id)}${enumeration(d.codelist)}</structure:Dimension>`,
    )
    .join('');
  const time =
    `<structure:TimeDimension id="${timeDimension}" position="${flow.dimensions.length + 1}">` +
    `${conceptRef(flow, timeDimension)}${textFormat('ObservationalTimePeriod')}</structure:TimeDimension>`;
  const measureId = flow.dimensions.at(-1)!.id;
  const attrs = flow.attributes
    .map(
      (a) =>
        `<structure:Attribute id="${a.id}" assignmentStatus="${a.mandatory ? 'Mandatory' : 'Conditional'}">` +
        conceptRef(flow, a.id) +
        (a.codelist ? enumeration(a.codelist) : textFormat('Integer')) +
        '<structure:AttributeRelationship>' +
        (a.level === 'observation'
          ? `<structure:PrimaryMeasure><Ref id="${primaryMeasure}"/></structure:PrimaryMeasure>`
          : `<structure:Dimension><Ref id="${esc(measureId)}"/></structure:Dimension>`) +
        '</structure:AttributeRelationship></structure:Attribute>',
    )
    .join('');
  return (
    '<structure:DataStructureComponents>' +
    `<structure:DimensionList id="DimensionDescriptor">${dims}${time}</structure:DimensionList>` +
    `<structure:AttributeList id="AttributeDescriptor">${attrs}</structure:AttributeList>` +
    '<structure:MeasureList id="MeasureDescriptor">' +
    `<structure:PrimaryMeasure id="${primaryMeasure}">${conceptRef(flow, primaryMeasure)}${textFormat('Double')}</structure:PrimaryMeasure>` +
    '</structure:MeasureList></structure:DataStructureComponents>'
  );
}

function artefactXml(a: Artefact, stub: boolean): string {
  switch (a.type) {
    case 'dataflow':
      return (
        `<structure:Dataflow ${maintainable(a, stub)}>${texts('common:Name', a.name)}` +
        (stub
          ? ''
          : `${texts('common:Description', a.flow.description)}<structure:Structure>${ref(a.flow.dsd, 'DataStructure', 'datastructure')}</structure:Structure>`) +
        '</structure:Dataflow>'
      );
    case 'datastructure':
      return `<structure:DataStructure ${maintainable(a, stub)}>${texts('common:Name', a.name)}${stub ? '' : dataStructure(a.flow)}</structure:DataStructure>`;
    case 'codelist':
      return (
        `<structure:Codelist ${maintainable(a, stub)}>${texts('common:Name', a.name)}` +
        (stub
          ? ''
          : a.items
              .map(
                (c) =>
                  `<structure:Code id="${esc(c.id)}">${texts('common:Name', c.name)}${texts('common:Description', c.description)}</structure:Code>`,
              )
              .join('')) +
        '</structure:Codelist>'
      );
    case 'conceptscheme':
      return (
        `<structure:ConceptScheme ${maintainable(a, stub)}>${texts('common:Name', a.name)}` +
        (stub
          ? ''
          : a.items.map((c) => `<structure:Concept id="${esc(c.id)}">${texts('common:Name', c.name)}</structure:Concept>`).join('')) +
        '</structure:ConceptScheme>'
      );
  }
}

/** The order of the containers in `message:Structures` (the schema's sequence). */
const containers: [StructureType, string][] = [
  ['dataflow', 'Dataflows'],
  ['codelist', 'Codelists'],
  ['conceptscheme', 'Concepts'],
  ['datastructure', 'DataStructures'],
];

/** The containers of `message:Structures` for a structure query (in the schema's order). */
export function structuresBody(flows: readonly Flow[], q: StructureQuery): string {
  const { matched, referenced } = selectArtefacts(flows, q);
  const all = [...matched.map((a) => ({ a, stub: q.detail === 'allstubs' })), ...referenced.map((a) => ({ a, stub: q.detail !== 'full' }))];
  return containers
    .map(([type, element]) => {
      const of = all.filter((x) => x.a.type === type).sort((x, y) => x.a.id.localeCompare(y.a.id));
      return of.length === 0 ? '' : `<structure:${element}>${of.map((x) => artefactXml(x.a, x.stub)).join('')}</structure:${element}>`;
    })
    .join('');
}

/** The SDMX-ML 2.1 Structure message of a structure query. */
export function structureMessage(flows: readonly Flow[], q: StructureQuery, now: Date): string {
  const body = structuresBody(flows, q);
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<message:Structure xmlns:message="${ns.message}" xmlns:structure="${ns.structure}" xmlns:common="${ns.common}" xmlns:xml="${ns.xml}">` +
    header(messageId('STR', now), now, sender) +
    `<message:Structures>${body}</message:Structures></message:Structure>\n`
  );
}
