/** The OpenAPI 3.1 description of the open series API, served at /api/v1/openapi.json. */
import { maxAgeSeconds } from '@/lib/http/conditional';
import { rateLimitPerMinute } from './api';
import { locales } from '@/lib/i18n/locales';
import { frequencies, statusCodes, statusLabel } from './model';
import { downloadFormats } from '@/lib/content/addresses';

const periodParam = (name: string, description: string) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema: { type: 'string', pattern: '^\\d{4}(-(0[1-9]|1[0-2]|Q[1-4]))?$' },
  examples: { mois: { value: '2024-01' }, trimestre: { value: '2024-Q1' }, annee: { value: '2024' } },
});

const common = [
  periodParam('startPeriod', 'Première période incluse (SDMX : 2024-01, 2024-Q1 ou 2024).'),
  periodParam('endPeriod', 'Dernière période incluse.'),
  {
    name: 'lastNObservations',
    in: 'query',
    required: false,
    description: 'Seulement les N dernières valeurs de chaque série.',
    schema: { type: 'integer', minimum: 1 },
  },
  {
    name: 'asOf',
    in: 'query',
    required: false,
    description:
      'La série telle qu’elle était publiée à cet instant (ISO 8601, avec fuseau). ' +
      'Jamais postérieur à maintenant : une valeur sous embargo n’est pas visible.',
    schema: { type: 'string', format: 'date-time' },
  },
  {
    name: 'format',
    in: 'query',
    required: false,
    description:
      'json (défaut), csv (virgule, point décimal), csv-fr (point-virgule, virgule décimale, ' +
      'pour Excel en français), xlsx (nombres réels et feuille de métadonnées), sdmx-csv (SDMX-CSV 2.0).',
    schema: { type: 'string', enum: [...downloadFormats] },
  },
  {
    name: 'lang',
    in: 'query',
    required: false,
    description:
      'Langue des libellés : fr (défaut) ou en. En anglais : les en-têtes de colonnes (csv-fr, xlsx), ' +
      'les libellés des statuts, fréquences, corrections et types de changement, et le titre, l’unité, la méthodologie ' +
      'et la source de chaque série quand ils sont traduits (en français sinon) ; le lien page du catalogue mène à la ' +
      'page anglaise de la série. Les codes, périodes, valeurs et le format ne changent pas : csv-fr garde le ' +
      'point-virgule et la virgule décimale, sdmx-csv ne contient que des codes. Les messages d’erreur restent en français.',
    schema: { type: 'string', enum: [...locales], default: 'fr' },
  },
];

const errorResponse = (description: string) => ({
  description,
  content: {
    'application/json': {
      schema: { type: 'object', properties: { error: { type: 'string', description: 'Message en français.' } }, required: ['error'] },
    },
  },
});

const limits =
  `Sans clé. Limite : ${rateLimitPerMinute} requêtes par minute et par adresse IP (par instance du serveur) ; ` +
  'au-delà, 429 avec l’en-tête Retry-After. Chaque réponse porte RateLimit-Limit, RateLimit-Remaining et RateLimit-Reset. ' +
  `Les réponses portent un ETag (If-None-Match → 304) et Cache-Control: public, max-age=${maxAgeSeconds}.`;

export function openApiDocument(site: string, institute: string) {
  const files = {
    description:
      'La série (ou les séries) dans le format demandé : les mêmes valeurs que la page, statut de chaque valeur dans sa propre colonne.',
    headers: {
      ETag: { schema: { type: 'string' } },
      'RateLimit-Limit': { schema: { type: 'integer' } },
      'RateLimit-Remaining': { schema: { type: 'integer' } },
      'RateLimit-Reset': { schema: { type: 'integer' } },
    },
    content: {
      'application/json': { schema: { $ref: '#/components/schemas/SeriesFile' } },
      'text/csv': { schema: { type: 'string' } },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
        schema: { type: 'string', contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
      },
      'application/vnd.sdmx.data+csv; version=2.0.0': { schema: { type: 'string' } },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: `${institute} — API ouverte des séries statistiques`,
      version: '1.0.0',
      description: `Les séries publiées par l’institut, leurs valeurs, statuts (codes OBS_STATUS de SDMX) et versions. ${limits}`,
      'x-rate-limit': { requestsPerMinute: rateLimitPerMinute, scope: 'adresse IP, par instance' },
    },
    servers: [{ url: site }],
    paths: {
      '/api/v1/series': {
        get: {
          summary: 'Catalogue des séries, ou toutes les séries (d’une rubrique) dans un fichier',
          description:
            'Sans `format` : le catalogue (métadonnées, dernière valeur, liens). ' +
            'Avec `format` : les valeurs de toutes les séries, ou de celles de `area`.',
          parameters: [
            { name: 'area', in: 'query', required: false, description: 'Rubrique (par exemple ipc).', schema: { type: 'string' } },
            ...common,
          ],
          responses: {
            '200': {
              ...files,
              content: {
                ...files.content,
                'application/json': {
                  schema: { oneOf: [{ $ref: '#/components/schemas/Catalogue' }, { $ref: '#/components/schemas/SeriesFile' }] },
                },
              },
            },
            '304': { description: 'Inchangé depuis l’ETag envoyé.' },
            '400': errorResponse('Paramètre invalide ou inconnu.'),
            '404': errorResponse('Rubrique inconnue.'),
            '429': errorResponse('Trop de requêtes : réessayer après Retry-After secondes.'),
          },
        },
      },
      '/api/v1/series/{code}': {
        get: {
          summary: 'Une série',
          parameters: [
            {
              name: 'code',
              in: 'path',
              required: true,
              description: 'Code de la série (par exemple IPC).',
              schema: { type: 'string', pattern: '^[A-Z][A-Z0-9_]{1,39}$' },
            },
            ...common,
          ],
          responses: {
            '200': files,
            '304': { description: 'Inchangé depuis l’ETag envoyé.' },
            '400': errorResponse('Paramètre invalide ou inconnu.'),
            '404': errorResponse('Série inconnue, ou pas encore publiée à la date asOf.'),
            '429': errorResponse('Trop de requêtes : réessayer après Retry-After secondes.'),
          },
        },
      },
    },
    components: {
      schemas: {
        // The catalogue and a JSON file both hold `series`: each schema says what it requires and the
        // catalogue allows nothing else, so exactly one of the `oneOf` of /api/v1/series matches.
        Catalogue: {
          type: 'object',
          description: 'Le catalogue : chaque série avec sa dernière valeur et ses liens, sans ses valeurs.',
          required: ['series'],
          additionalProperties: false,
          properties: {
            series: {
              type: 'array',
              items: {
                type: 'object',
                required: [
                  'code',
                  'label',
                  'area',
                  'unit',
                  'frequency',
                  'version',
                  'versionPublishedAt',
                  'lastPeriod',
                  'lastValue',
                  'lastStatus',
                  'links',
                ],
                not: { required: ['observations'] },
                properties: {
                  code: { type: 'string' },
                  label: { type: 'string' },
                  area: { type: 'string' },
                  unit: { type: 'string' },
                  basePeriod: { type: 'string' },
                  frequency: { type: 'string', enum: [...frequencies] },
                  decimals: { type: 'integer' },
                  seasonalAdjustment: { type: 'string' },
                  source: { type: 'string' },
                  version: { type: 'integer' },
                  versionPublishedAt: { type: 'string', format: 'date-time' },
                  firstPeriod: { type: ['string', 'null'] },
                  lastPeriod: { type: ['string', 'null'] },
                  lastValue: { type: ['number', 'null'] },
                  lastStatus: { type: ['string', 'null'], enum: [...statusCodes, null] },
                  links: {
                    type: 'object',
                    required: ['self'],
                    properties: { self: { type: 'string', format: 'uri' }, page: { type: 'string', format: 'uri' } },
                  },
                },
              },
            },
          },
        },
        SeriesFile: {
          type: 'object',
          description: 'Séries : métadonnées, version, valeurs (période SDMX, valeur, statut), et les libellés des statuts.',
          required: ['series', 'statuses'],
          properties: {
            series: {
              type: 'array',
              items: {
                type: 'object',
                required: ['code', 'label', 'unit', 'frequency', 'decimals', 'version', 'observations'],
                properties: {
                  code: { type: 'string' },
                  label: { type: 'string' },
                  unit: { type: 'string' },
                  frequency: { type: 'string', enum: [...frequencies] },
                  decimals: { type: 'integer' },
                  version: {
                    type: 'object',
                    required: ['number', 'publishedAt', 'kind'],
                    properties: {
                      number: { type: 'integer' },
                      publishedAt: { type: 'string' },
                      kind: { type: 'string' },
                      reason: { type: 'string' },
                    },
                  },
                  observations: {
                    type: 'array',
                    items: {
                      type: 'object',
                      required: ['period', 'value', 'status'],
                      properties: {
                        period: { type: 'string' },
                        value: { type: 'number' },
                        status: { $ref: '#/components/schemas/ObservationStatus' },
                      },
                    },
                  },
                },
              },
            },
            statuses: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
        ObservationStatus: {
          type: 'string',
          enum: [...statusCodes],
          description: statusCodes.map((c) => `${c} : ${statusLabel[c]}`).join(' ; '),
        },
      },
    },
  };
}
