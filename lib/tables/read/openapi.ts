/**
 * The tables' part of the OpenAPI 3.1 description (/api/v1/openapi.json merges it with the
 * series'): the catalogue, a whole table, and a selection by its SDMX REST key, with the formats,
 * the periods, the cell limit (413) and the bad keys (400).
 */
import { maxAgeSeconds } from '@/lib/http/conditional';
import { openApiDocument } from '@/lib/series/openapi';
import { locales } from '@/lib/i18n/locales';
import { cellStatusCodes, cellStatusLabels } from '../model';
import { apiCellLimit, busyRetrySeconds, largeAnswerCells } from './api';
import { tableFormats } from '@/lib/content/addresses';

const errorResponse = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', required: ['error'], properties: { error: { type: 'string', description: 'Message en français.' } } },
    },
  },
});

const periodParam = (name: string, description: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string', pattern: '^\\d{4}(-Q[1-4]|-S[12]|-(0[1-9]|1[0-2]))?$' },
});

const idParam = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'Code du tableau (par exemple POP_REGION) ou son numéro.',
  schema: { type: 'string', pattern: '^([A-Z][A-Z0-9_]{1,59}|[1-9][0-9]{0,9})$' },
};

const query = [
  periodParam(
    'startPeriod',
    'Première période : les périodes du tableau qui la recouvrent ou la suivent (2020, 2020-S1, 2020-Q1, 2020-01).',
  ),
  periodParam('endPeriod', 'Dernière période : les périodes du tableau qui la recouvrent ou la précèdent.'),
  {
    name: 'lastNObservations',
    in: 'query',
    required: false,
    description: 'Seulement les N dernières périodes de la sélection.',
    schema: { type: 'integer', minimum: 1, maximum: 100000 },
  },
  {
    name: 'asOf',
    in: 'query',
    required: false,
    description: 'Le tableau tel qu’il était publié à cet instant (ISO 8601 ; jamais postérieur à maintenant).',
    schema: { type: 'string' },
  },
  {
    name: 'format',
    in: 'query',
    required: false,
    description:
      'jsonstat (défaut, JSON-stat 2.0 ; json en est synonyme), csv (virgule, point décimal, codes et libellés), ' +
      'csv-fr (point-virgule, virgule décimale, BOM, pour Excel en français), xlsx (une ligne par cellule, notes en ' +
      'commentaires et feuille Notes), sdmx-csv (SDMX-CSV 2.0, codes seulement). Sans format, l’en-tête Accept choisit : ' +
      'text/csv, application/vnd.sdmx.data+csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, sinon JSON-stat.',
    schema: { type: 'string', enum: [...tableFormats, 'json'] },
  },
  {
    name: 'lang',
    in: 'query',
    required: false,
    description: 'Langue des libellés : fr (défaut) ou en (le français quand un libellé n’est pas traduit).',
    schema: { type: 'string', enum: [...locales] },
  },
];

const fileResponse = {
  description: `Le tableau ou la sélection dans le format demandé (ETag, If-None-Match → 304, Cache-Control: public, max-age=${maxAgeSeconds}).`,
  headers: { ETag: { schema: { type: 'string' } }, 'RateLimit-Limit': { schema: { type: 'integer' } } },
  content: {
    'application/json': { schema: { $ref: '#/components/schemas/JsonStatDataset' } },
    'text/csv': { schema: { type: 'string' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { type: 'string' } },
    'application/vnd.sdmx.data+csv; version=2.0.0': { schema: { type: 'string' } },
  },
};

const errors = {
  '304': { description: 'Inchangé depuis l’ETag envoyé.' },
  '400': errorResponse('Clé invalide (nombre de positions, code inconnu) ou paramètre invalide ou inconnu.'),
  '404': errorResponse('Tableau inconnu, pas encore publié à la date asOf, ou aucune période dans l’intervalle demandé.'),
  '413': errorResponse(
    `La sélection dépasse ${apiCellLimit.toLocaleString('fr-FR')} cellules, ou le budget de son format (le message le nomme) : ` +
      'la réduire (clé, startPeriod, endPeriod, lastNObservations) ou choisir csv.',
  ),
  '503': errorResponse(
    `Trop de fichiers volumineux (plus de ${largeAnswerCells.toLocaleString('fr-FR')} cellules) en préparation : ` +
      `réessayer après Retry-After secondes (${busyRetrySeconds} s).`,
  ),
  '429': errorResponse('Trop de requêtes : réessayer après Retry-After secondes.'),
};

export function tablesOpenApi() {
  return {
    paths: {
      '/api/v1/tables': {
        get: {
          summary: 'Catalogue des tableaux',
          description:
            'Chaque tableau public : ses dimensions (code, libellé, rôle, nombre de valeurs), ses mesures, sa version, ses liens.',
          parameters: [
            { name: 'area', in: 'query', required: false, description: 'Rubrique.', schema: { type: 'string' } },
            { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: [...locales] } },
          ],
          responses: {
            '200': {
              description: 'Le catalogue.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/TableCatalogue' } } },
            },
            '400': errors['400'],
            '429': errors['429'],
          },
        },
      },
      '/api/v1/tables/{id}': {
        get: {
          summary: 'Un tableau entier',
          description: `Toutes ses cellules (au plus ${apiCellLimit.toLocaleString('fr-FR')} : au-delà, 413 ; choisir une sélection par sa clé).`,
          parameters: [idParam, ...query],
          responses: { '200': fileResponse, ...errors },
        },
      },
      '/api/v1/tables/{id}/{key}': {
        get: {
          summary: 'Une sélection d’un tableau, par sa clé SDMX',
          description:
            'La clé suit la syntaxe SDMX REST : les valeurs des dimensions dans l’ordre du tableau, séparées par « . » ; ' +
            '« + » entre plusieurs valeurs ; une position vide pour toutes les valeurs. Une position de plus, facultative, ' +
            'choisit les mesures. `all` choisit tout. Exemple : `R01+R02..2023+2024` sur REGION.SEXE.ANNEE. ' +
            `Au plus ${apiCellLimit.toLocaleString('fr-FR')} cellules par réponse (413 au-delà, avec un message en français).`,
          parameters: [
            idParam,
            {
              name: 'key',
              in: 'path',
              required: true,
              description: 'Clé SDMX : R01+R02..2024 (voir la description).',
              schema: { type: 'string', maxLength: 4000 },
            },
            ...query,
          ],
          responses: { '200': fileResponse, ...errors },
        },
      },
    },
    schemas: {
      TableCatalogue: {
        type: 'object',
        required: ['tables'],
        additionalProperties: false,
        properties: {
          tables: {
            type: 'array',
            items: {
              type: 'object',
              required: ['code', 'title', 'area', 'cellCount', 'version', 'dimensions', 'measures', 'links'],
              properties: {
                code: { type: 'string' },
                id: { type: 'integer' },
                title: { type: 'string' },
                area: { type: 'string' },
                cellCount: { type: 'integer' },
                version: { type: 'integer' },
                versionPublishedAt: { type: 'string' },
                dimensions: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['code', 'label', 'role', 'size'],
                    properties: {
                      code: { type: 'string' },
                      label: { type: 'string' },
                      role: { enum: ['time', 'plain'] },
                      size: { type: 'integer' },
                    },
                  },
                },
                measures: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['code', 'label', 'unit', 'unitCode', 'unitMult', 'decimals'],
                    properties: {
                      unit: { type: 'string', description: 'Libellé de l’unité.' },
                      unitCode: { type: 'string', description: 'Code SDMX de l’unité (CL_UNIT) : PS, XOF, IX, PC…' },
                      unitMult: { type: 'integer', description: 'Puissance de dix des valeurs (CL_UNIT_MULT) : 0, 3, 6, 9.' },
                    },
                  },
                },
                links: { type: 'object', required: ['self', 'page'], properties: { self: { type: 'string' }, page: { type: 'string' } } },
              },
            },
          },
        },
      },
      JsonStatDataset: {
        type: 'object',
        description:
          'Un jeu JSON-stat 2.0 (json-stat.org/format) : dimensions du tableau puis MEASURE, valeurs en ordre ligne par ligne ' +
          '(null : valeur manquante), statuts par position (' +
          cellStatusCodes.map((c) => `${c} : ${cellStatusLabels.fr[c]}`).join(' ; ') +
          '), notes des cellules dans extension.cellNotes.',
        required: ['version', 'class', 'id', 'size', 'dimension', 'value'],
        properties: {
          version: { const: '2.0' },
          class: { const: 'dataset' },
          id: { type: 'array', items: { type: 'string' } },
          size: { type: 'array', items: { type: 'integer' } },
          dimension: { type: 'object' },
          value: { type: 'array', items: { type: ['number', 'null'] } },
          status: { type: 'object', additionalProperties: { enum: [...cellStatusCodes] } },
        },
      },
    },
  };
}

/** `/api/v1/geo/{level}`: the maps' boundaries (lib/geo/api.ts). */
function geoPaths() {
  return {
    '/api/v1/geo/{level}': {
      get: {
        summary: 'Limites d’un niveau géographique (TopoJSON)',
        description:
          'Les limites les plus récentes du niveau (`regions`…), simplifiées pour le web : une topologie TopoJSON dont l’objet `areas` a une géométrie par zone, `id` son code (celui des valeurs de la dimension des tableaux, `metadata.dimension`), `properties` ses noms (`name_fr`, `name_en`). ETag et 304.',
        parameters: [
          {
            name: 'level',
            in: 'path',
            required: true,
            description: 'Code du niveau.',
            schema: { type: 'string', pattern: '^[a-z][a-z0-9-]{1,39}$' },
          },
        ],
        responses: {
          '200': {
            description: 'La topologie.',
            content: {
              'application/topo+json': {
                schema: {
                  type: 'object',
                  required: ['type', 'objects', 'arcs'],
                  properties: {
                    type: { const: 'Topology' },
                    objects: { type: 'object', required: ['areas'] },
                    arcs: { type: 'array' },
                    transform: { type: 'object' },
                    metadata: {
                      type: 'object',
                      properties: { level: { type: 'string' }, dimension: { type: 'string' }, version: { type: 'integer' } },
                    },
                  },
                },
              },
            },
          },
          '400': errors['400'],
          '404': errorResponse('Niveau inconnu, ou sans limites.'),
          '429': errors['429'],
        },
      },
    },
  };
}

/** The series' description (lib/series/openapi.ts) with the tables' paths and schemas: what /api/v1/openapi.json serves. */
export function fullOpenApiDocument(site: string, institute: string) {
  const doc = openApiDocument(site, institute);
  const tables = tablesOpenApi();
  return {
    ...doc,
    info: { ...doc.info, title: `${institute} — API ouverte des séries et tableaux statistiques` },
    paths: { ...doc.paths, ...tables.paths, ...geoPaths() },
    components: { ...doc.components, schemas: { ...doc.components.schemas, ...tables.schemas } },
  };
}
