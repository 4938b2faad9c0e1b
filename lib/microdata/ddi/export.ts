/**
 * Writes a survey as DDI Codebook 2.5 XML (namespace `ddi:codebook:2_5`, elements in the order the
 * 2.5 schema gives them) and as JSON. What `parseDdi` reads, this writes: a codebook exported and
 * read again gives the same study and variables.
 */
import type { AccessTier, Codebook, Study, Variable } from '../model';

const escapeXml = (s: string) =>
  s
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

type Attrs = Record<string, string | number | null | undefined>;

/** One element: `<name attrs>content</name>`, or nothing when it has neither text nor attributes worth writing. */
function el(name: string, content: string | string[] | null | undefined, attrs: Attrs = {}, indent = ''): string {
  const a = Object.entries(attrs)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  const inner = Array.isArray(content) ? content.filter(Boolean).join('') : content ? escapeXml(content) : '';
  if (!inner && !a) return '';
  if (!inner) return `${indent}<${name}${a}/>\n`;
  return Array.isArray(content) ? `${indent}<${name}${a}>\n${inner}${indent}</${name}>\n` : `${indent}<${name}${a}>${inner}</${name}>\n`;
}

/** A container element: written only when one of its children is. */
function box(name: string, children: string[], indent: string, attrs: Attrs = {}): string {
  return children.some(Boolean) ? el(name, children, attrs, indent) : '';
}

function studyXml(s: Study, i: string): string {
  const j = `${i}  `;
  const k = `${j}  `;
  const l = `${k}  `;
  const agent = (name: string, a: Study['authors'][number]) =>
    el(name, a.name, { abbr: a.abbr, affiliation: a.affiliation, role: a.role }, l);
  const dated = (name: string, p: { start: string; end: string }) =>
    p.start && p.start === p.end
      ? el(name, p.start, { date: p.start, event: 'single' }, l)
      : (p.start ? el(name, p.start, { date: p.start, event: 'start' }, l) : '') +
        (p.end ? el(name, p.end, { date: p.end, event: 'end' }, l) : '');
  return box(
    'stdyDscr',
    [
      box(
        'citation',
        [
          box('titlStmt', [el('titl', s.title, {}, l), el('altTitl', s.altTitle, {}, l), el('IDNo', s.idno, {}, l)], k),
          box(
            'rspStmt',
            s.authors.map((a) => agent('AuthEnty', a)),
            k,
          ),
          box('prodStmt', [...s.producers.map((a) => agent('producer', a)), ...s.funders.map((a) => agent('fundAg', a))], k),
          box('distStmt', s.distributor ? s.distributor.split(' ; ').map((d) => el('distrbtr', d, {}, l)) : [], k),
          box('serStmt', [el('serName', s.series, {}, l)], k),
          box('verStmt', [el('version', s.version, {}, l)], k),
          el('biblCit', s.citation, {}, k),
        ],
        j,
      ),
      box(
        'stdyInfo',
        [
          box('subject', [...s.keywords.map((w) => el('keyword', w, {}, l)), ...s.topics.map((t) => el('topcClas', t, {}, l))], k),
          el('abstract', s.abstract, {}, k),
          box(
            'sumDscr',
            [
              dated('timePrd', s.timePeriods),
              dated('collDate', s.collectionDates),
              ...s.nations.map((n) => el('nation', n, {}, l)),
              el('geogCover', s.geogCover, {}, l),
              el('geogUnit', s.geogUnit, {}, l),
              el('anlyUnit', s.analysisUnit, {}, l),
              el('universe', s.universe, {}, l),
              el('dataKind', s.dataKindText, {}, l),
            ],
            k,
          ),
        ],
        j,
      ),
      box(
        'method',
        [
          box(
            'dataColl',
            [el('sampProc', s.sampling, {}, l), el('collMode', s.collectionMode, {}, l), el('weight', s.weighting, {}, l)],
            k,
          ),
          box('anlyInfo', [el('respRate', s.responseRate, {}, l)], k),
        ],
        j,
      ),
      box(
        'dataAccs',
        [
          box(
            'useStmt',
            [el('restrctn', s.restrictions, {}, l), el('citReq', s.citation, {}, l), el('conditions', s.accessConditions, {}, l)],
            k,
          ),
        ],
        j,
      ),
      box(
        'othrStdyMat',
        s.related.map((m) =>
          box(
            'relMat',
            [
              box(
                'citation',
                [box('titlStmt', [el('titl', m.title, {}, `${l}    `)], `${l}  `), el('holdings', null, { URI: m.uri }, `${l}  `)],
                l,
              ),
            ],
            k,
          ),
        ),
        j,
      ),
    ],
    i,
  );
}

function fileXml(f: Study['files'][number], i: string): string {
  const k = `${i}    `;
  return box(
    'fileDscr',
    [
      box(
        'fileTxt',
        [
          el('fileName', f.name, {}, k),
          el('fileCont', f.contents, {}, k),
          box(
            'dimensns',
            [
              el('caseQnty', f.records === null ? '' : String(f.records), {}, `${k}  `),
              el('varQnty', f.variables === null ? '' : String(f.variables), {}, `${k}  `),
            ],
            k,
          ),
          el('format', f.format, {}, k),
        ],
        `${i}  `,
      ),
    ],
    i,
    { ID: f.id },
  );
}

const sumStatTypes = new Set(['mean', 'medn', 'mode', 'vald', 'invd', 'min', 'max', 'stdev']);

function variableXml(v: Variable, i: string): string {
  const j = `${i}  `;
  const k = `${j}  `;
  return el(
    'var',
    [
      el('labl', v.label, {}, j),
      box('qstn', [el('qstnLit', v.question, {}, k)], j),
      el('universe', v.universe, {}, j),
      ...Object.entries(v.stats).map(([type, value]) =>
        value === undefined ? '' : el('sumStat', String(value), sumStatTypes.has(type) ? { type } : { type: 'other', otherType: type }, j),
      ),
      el('txt', v.notes, {}, j),
      ...v.categories.map((c) =>
        el(
          'catgry',
          [
            el('catValu', c.value, {}, k),
            el('labl', c.label, {}, k),
            c.freq === null ? '' : el('catStat', String(c.freq), { type: 'freq' }, k),
          ],
          { missing: c.missing ? 'Y' : null },
          j,
        ),
      ),
      el('concept', v.concept, {}, j),
      el('varFormat', null, { type: v.valueType || null }, j),
    ],
    { ID: v.ddiId || null, name: v.name, files: v.fileId || null, intrvl: v.interval || null, dcml: v.decimals },
    i,
  );
}

/** The whole codebook as DDI 2.5 XML. `id`: the codeBook's ID (a valid XML ID: letters first). */
export function toDdi25(book: Codebook, options: { id?: string; producedBy?: string } = {}): string {
  const id = (options.id ?? book.study.idno ?? 'survey').replace(/[^A-Za-z0-9._-]/g, '_').replace(/^(?=[^A-Za-z_])/, 'S');
  const doc = options.producedBy
    ? box(
        'docDscr',
        [
          box(
            'citation',
            [
              box('titlStmt', [el('titl', book.study.title, {}, '        ')], '      '),
              box('prodStmt', [el('producer', options.producedBy, {}, '        ')], '      '),
            ],
            '    ',
          ),
        ],
        '  ',
      )
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<codeBook xmlns="ddi:codebook:2_5" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ` +
    `xsi:schemaLocation="ddi:codebook:2_5 http://www.ddialliance.org/Specification/DDI-Codebook/2.5/XMLSchema/codebook.xsd" version="2.5" ID="${escapeXml(id)}">\n` +
    doc +
    (studyXml(book.study, '  ') || '  <stdyDscr/>\n') +
    book.study.files.map((f) => fileXml(f, '  ')).join('') +
    box(
      'dataDscr',
      book.variables.map((v) => variableXml(v, '    ')),
      '  ',
    ) +
    '</codeBook>\n'
  );
}

/** The JSON form: the study, the files with their access tier, the variables. */
export function toDdiJson(
  book: Codebook,
  survey: { slug: string; version: number; url: string; files: { ddiId: string; access: AccessTier; conditions: string }[] },
): string {
  const access = new Map(survey.files.map((f) => [f.ddiId, f]));
  return JSON.stringify(
    {
      schema: 'ddi-codebook-2.5-json',
      survey: { slug: survey.slug, version: survey.version, url: survey.url },
      study: {
        ...book.study,
        files: book.study.files.map((f) => ({
          ...f,
          access: access.get(f.id)?.access ?? null,
          accessConditions: access.get(f.id)?.conditions ?? '',
        })),
      },
      variables: book.variables,
    },
    null,
    2,
  );
}
