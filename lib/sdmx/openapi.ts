/**
 * The SDMX 2.1 REST service in the OpenAPI description (`/api/v1/openapi.json`): its structure,
 * data and availability paths, with their parameters, formats and SDMX errors. The service itself
 * follows the SDMX standard (sdmx-rest v2_1); this lists it beside the site's own API.
 */
import { apiCellLimit } from '@/lib/tables/read/api';
import { referencesValues, structureDetails, dataDetails } from './request';
import { sdmxRestPath } from './address';
import { sdmxAgency } from './model';
import { dataContentType, structureContentType } from './service';

const path = (name: string, description: string, example?: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string', ...(example ? { example } : {}) },
});
const query = (name: string, description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
  name,
  in: 'query',
  required: false,
  description,
  schema,
});
const xml = (type: string) => ({ [type.split(';')[0]!]: { schema: { type: 'string' } } });
const sdmxError = (description: string) => ({
  description,
  content: { 'application/xml': { schema: { type: 'string', description: 'Message SDMX-ML 2.1 Error (code SDMX, texte en français).' } } },
});
const errors = {
  '304': { description: 'Inchangé depuis l’ETag envoyé.' },
  '400': sdmxError('Erreur de syntaxe (code SDMX 140) ou sémantique (150).'),
  '404': sdmxError('Aucun résultat (code SDMX 100) : artefact ou flux inconnu, clé ou période sans données, artefact sous embargo.'),
  '406': sdmxError('Format demandé par Accept non servi.'),
  '429': sdmxError('Trop de requêtes : réessayer après Retry-After secondes.'),
};
const structurePath = (resource: string, summary: string) => ({
  get: {
    tags: ['SDMX 2.1'],
    summary,
    description:
      '`all` et `latest` admis, plusieurs identifiants séparés par `+`, barre oblique finale acceptée. Toutes les versions sont 1.0 (non finales).',
    parameters: [
      path('agencyID', `${sdmxAgency} ou all.`, sdmxAgency),
      path('resourceID', 'Identifiant ou all.', 'all'),
      path('version', '1.0, latest ou all.', 'latest'),
      query('references', 'Artefacts liés joints à la réponse.', { type: 'string', enum: [...referencesValues] }),
      query('detail', 'Artefacts complets, ou en souches.', { type: 'string', enum: [...structureDetails, 'referencepartial'] }),
    ],
    responses: {
      '200': { description: 'Message SDMX-ML 2.1 Structure.', content: xml(structureContentType) },
      ...errors,
      '501': sdmxError('Ressource SDMX non servie ici (code 501).'),
    },
  },
});

/** The SDMX paths and their words, for the OpenAPI description. */
export function sdmxOpenApiPaths() {
  const data = {
    get: {
      tags: ['SDMX 2.1'],
      summary: 'Données d’un flux par clé et période (SDMX 2.1 REST)',
      description:
        'Chaque tableau publié est le flux `DF_{CODE}`. La clé : un code par dimension du tableau hors temps, dans son ordre, puis la mesure (`MEASURE`), séparés par des points ; `+` entre plusieurs codes, une position vide pour tous, `all` pour tout. ' +
        `Format par l’en-tête Accept : GenericData 2.1 (par défaut), StructureSpecificData, SDMX-JSON, SDMX-CSV. Au plus ${apiCellLimit.toLocaleString('fr-FR')} observations par réponse (au-delà, 413 et code SDMX 510).`,
      parameters: [
        path('flowRef', '`DF_{CODE}`, `INSSTAT,DF_{CODE}` ou `INSSTAT,DF_{CODE},1.0`.', 'DF_POP_REGION_SEXE_AGE'),
        path('key', 'Clé SDMX ou all.', 'CAP.F..'),
        path('providerRef', `${sdmxAgency} ou all.`, 'all'),
        query('startPeriod', 'Première période (2020, 2020-Q1, 2020-01, 2020-01-15).'),
        query('endPeriod', 'Dernière période.'),
        query('firstNObservations', 'Les N premières observations de chaque série.', { type: 'integer', minimum: 1 }),
        query('lastNObservations', 'Les N dernières observations de chaque série.', { type: 'integer', minimum: 1 }),
        query('updatedAfter', 'Seulement si la version en ligne est postérieure (sinon 404).', { type: 'string', format: 'date-time' }),
        query('dimensionAtObservation', 'TIME_PERIOD (par défaut), AllDimensions ou une dimension.'),
        query('detail', 'Ce que contient la réponse.', { type: 'string', enum: [...dataDetails] }),
      ],
      responses: {
        '200': { description: 'Les données.', content: Object.assign({}, ...Object.values(dataContentType).map(xml)) },
        ...errors,
        '413': sdmxError(`Plus de ${apiCellLimit.toLocaleString('fr-FR')} observations (code SDMX 510).`),
        '503': sdmxError('Trop de réponses volumineuses en préparation : réessayer après Retry-After secondes.'),
      },
    },
  };
  return {
    [`${sdmxRestPath}/dataflow/{agencyID}/{resourceID}/{version}`]: structurePath('dataflow', 'Flux de données (un par tableau publié)'),
    [`${sdmxRestPath}/datastructure/{agencyID}/{resourceID}/{version}`]: structurePath('datastructure', 'Structures de données (DSD)'),
    [`${sdmxRestPath}/codelist/{agencyID}/{resourceID}/{version}`]: structurePath('codelist', 'Listes de codes'),
    [`${sdmxRestPath}/conceptscheme/{agencyID}/{resourceID}/{version}`]: structurePath('conceptscheme', 'Schémas de concepts'),
    [`${sdmxRestPath}/data/{flowRef}/{key}/{providerRef}`]: data,
    [`${sdmxRestPath}/availableconstraint/{flowRef}/{key}/{providerRef}/{componentID}`]: {
      get: {
        tags: ['SDMX 2.1'],
        summary: 'Codes disponibles pour une clé (filtres en cascade de .Stat Data Explorer)',
        parameters: [
          path('flowRef', '`DF_{CODE}`.'),
          path('key', 'Clé SDMX ou all.'),
          path('providerRef', `${sdmxAgency} ou all.`),
          path('componentID', 'Une dimension, ou all.'),
          query(
            'mode',
            'exact (les codes de la clé qui ont des valeurs) ou available (ceux qui en ont, le filtre de la dimension retiré).',
            { type: 'string', enum: ['exact', 'available'] },
          ),
          query('references', 'Artefacts joints.', {
            type: 'string',
            enum: ['none', 'all', 'datastructure', 'codelist', 'conceptscheme', 'dataflow'],
          }),
        ],
        responses: {
          '200': {
            description: 'Message SDMX-ML 2.1 Structure avec une ContentConstraint de type Actual.',
            content: xml(structureContentType),
          },
          ...errors,
        },
      },
    },
  };
}

/** An OpenAPI document with the SDMX service's paths added, and said in its description. */
export function withSdmx<D extends { info: { description: string }; paths: object }>(doc: D): D {
  return {
    ...doc,
    info: {
      ...doc.info,
      description: `${doc.info.description} Les tableaux sont aussi servis au standard SDMX 2.1 REST sous ${sdmxRestPath} (flux DF_{CODE}, agence ${sdmxAgency}).`,
    },
    paths: { ...doc.paths, ...sdmxOpenApiPaths() },
  };
}
