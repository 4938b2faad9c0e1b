/**
 * The SDMX 2.1 REST service (issue 49) read by a client nobody here wrote: R's rsdmx (Debian's
 * r-cran-rsdmx) with the site registered as an SDMXREST21RequestBuilder provider at
 * `/sdmx/rest` (testing/sdmx/rsdmx-check.R): the dataflow list, a data structure with its
 * components and codelists, data with key `all` between two periods, a partial key with
 * lastNObservations=1, an unknown flow. And a table scheduled through the back-office: absent from
 * the dataflow list and the data before its minute, there once the server's clock reaches it.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { whenHydrated } from './helpers/actions';
import { moveClockTo, nextMinute } from './helpers/clock';
import { signIn } from './helpers/login';

const run = promisify(execFile);
const script = path.join(import.meta.dirname, '../testing/sdmx/rsdmx-check.R');

type Check = {
  flows: { id: string; name: string; nameEn: string; dsd: string }[];
  components: { type: string; id: string; codelist: string | null }[];
  codelists: { id: string; codes: string[] }[];
  data: { rows: number; numeric: boolean; finite: number; periods: string[]; columns: string[] };
  partial: { rows: number; numeric: boolean; periods: string[]; values: Record<string, string[]> };
  unknown: string;
};

type Catalogue = { tables: { code: string; dimensions: { code: string; role: string; size: number }[]; measures: unknown[] }[] };

test('rsdmx lit le service SDMX : flux, structure avec ses listes de codes, données par période, clé partielle, flux inconnu', async ({
  baseURL,
  request,
}) => {
  const flow = 'DF_POP_REGION_SEXE_AGE';
  const codes = async () => ((await (await request.get('/api/v1/tables')).json()) as Catalogue).tables.map((t) => `DF_${t.code}`);
  // Other specs publish tables meanwhile: the flows are those public before rsdmx's read, and at most those after.
  const before = await codes();
  const { stdout } = await run('Rscript', [script, baseURL!, flow, '2021', '2023', 'CAP.F..'], { timeout: 110_000 });
  const check = JSON.parse(stdout.split('\n').find((l) => l.startsWith('{'))!) as Check;

  // The dataflow list: every public table, with its names.
  const catalogue = (await (await request.get('/api/v1/tables')).json()) as Catalogue;
  const after = catalogue.tables.map((t) => `DF_${t.code}`);
  const ids = check.flows.map((f) => f.id);
  expect(check.flows.length).toBeGreaterThanOrEqual(3);
  expect(ids).toEqual(expect.arrayContaining(before));
  for (const id of ids) expect(after, id).toContain(id);
  for (const f of check.flows) expect(f.name.length, f.id).toBeGreaterThan(3);
  expect(check.flows.find((f) => f.id === flow)).toMatchObject({
    name: 'Population résidente par région, sexe et groupe d’âge',
    nameEn: 'Resident population by region, sex and age group',
    dsd: 'DSD_POP_REGION_SEXE_AGE',
  });

  // The structure: the table's dimensions with their codelists, time, the value, the attributes.
  const table = catalogue.tables.find((t) => t.code === 'POP_REGION_SEXE_AGE')!;
  const plain = table.dimensions.filter((d) => d.role !== 'time');
  expect(check.components.filter((c) => c.type === 'Dimension').map((c) => c.id)).toEqual([...plain.map((d) => d.code), 'MEASURE']);
  expect(check.components.filter((c) => c.type !== 'Dimension').map((c) => c.id)).toEqual([
    'TIME_PERIOD',
    'OBS_VALUE',
    'OBS_STATUS',
    'UNIT_MEASURE',
    'UNIT_MULT',
    'DECIMALS',
  ]);
  for (const d of plain) {
    const codelist = check.codelists.find((c) => c.id === `CL_POP_REGION_SEXE_AGE_${d.code}`);
    expect(codelist?.codes, d.code).toHaveLength(d.size);
  }
  expect(check.codelists.find((c) => c.id === 'CL_POP_REGION_SEXE_AGE_REGION')!.codes).toContain('CAP');

  // Key `all` from 2021 to 2023: every series, numbers, those three years only.
  const series = plain.reduce((n, d) => n * d.size, 1) * table.measures.length;
  expect(check.data.periods).toEqual(['2021', '2022', '2023']);
  expect(check.data.rows).toBe(series * 3);
  expect(check.data.numeric).toBe(true);
  expect(check.data.finite).toBeGreaterThan(0);

  // A partial key with the last observation: fewer observations, only that region and sex.
  expect(check.partial.numeric).toBe(true);
  expect(check.partial.rows).toBeLessThan(check.data.rows);
  expect(check.partial.rows).toBe(series / (plain[0]!.size * plain[1]!.size));
  expect(check.partial.values.REGION).toEqual(['CAP']);
  expect(check.partial.values.SEXE).toEqual(['F']);
  expect(check.partial.periods).toHaveLength(1);

  // An unknown flow: 404, which rsdmx reports as such.
  expect(check.unknown).toContain('404');
});

test('une série tranche d’un tableau se lit dans le flux du tableau : ses valeurs, ses périodes, ses statuts', async ({ request }) => {
  // The demo's IPC is the slice GROUPE=CP00, measure INDICE, of IPC_GROUPES (docs/sdmx.md).
  type SeriesFile = { series: { observations: { period: string; value: number; status: string }[] }[] };
  const series = ((await (await request.get('/api/v1/series/IPC?lastNObservations=3')).json()) as SeriesFile).series[0]!.observations;
  const sdmx = await request.get('/sdmx/rest/data/DF_IPC_GROUPES/CP00.INDICE/all/?lastNObservations=3');
  expect(sdmx.status()).toBe(200);
  const obs = [
    ...(await sdmx.text()).matchAll(
      /<generic:ObsDimension value="([^"]+)"\/><generic:ObsValue value="([^"]+)"\/><generic:Attributes><generic:Value id="OBS_STATUS" value="([A-Z])"/g,
    ),
  ];
  expect(obs.map((m) => ({ period: m[1], value: Number(m[2]), status: m[3] }))).toEqual(series);
});

const flowIds = async (request: APIRequestContext) =>
  [...(await (await request.get('/sdmx/rest/dataflow/all/all/latest/')).text()).matchAll(/<structure:Dataflow id="([^"]+)"/g)].map(
    (m) => m[1],
  );

test(
  'un tableau programmé est absent de la liste des flux et des données avant sa minute, présent après',
  { tag: '@clock' },
  async ({ page, request }) => {
    test.setTimeout(180_000);
    const code = `SDMX_EMBARGO_${Date.now().toString(36).toUpperCase()}`;
    const flow = `DF_${code}`;
    await signIn(page, '/admin/tableaux/nouveau');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Titre en français').fill(`Prix sous embargo ${code}`);
    await page.getByLabel('Rubrique').selectOption('ipc');
    await page.getByRole('button', { name: 'Créer le tableau' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/tableaux/${code}$`));
    await page.getByLabel('Fichier PX, CSV ou XLSX').setInputFiles({
      name: 'prix.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('GROUPE;periode;valeur\nALIM;2026-08;100\nALIM;2026-09;101,5\nLOGT;2026-08;90\nLOGT;2026-09;91\n'),
    });
    await page.getByRole('button', { name: 'Lire le fichier et voir l’aperçu' }).click();
    await expect(page).toHaveURL(/\/admin\/tableaux\/import\/[0-9a-f-]{36}$/);
    const at = await nextMinute(request);
    await (await whenHydrated(page.getByLabel('Programmer à une date et heure'))).check();
    await page.getByLabel(/^Date et heure de mise en ligne/).fill(at.toISOString().slice(0, 16));
    await page.getByLabel('Raison, affichée dans « Versions précédentes »').fill('Première version.');
    await page.getByRole('button', { name: 'Publier cette version' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/tableaux/${code}\\?publie=`));

    // Before its minute: not a flow, no structure, no data.
    expect(await flowIds(request)).not.toContain(flow);
    expect((await request.get(`/sdmx/rest/data/${flow}/all/all/`)).status()).toBe(404);
    expect((await request.get(`/sdmx/rest/datastructure/INSSTAT/DSD_${code}/latest/`)).status()).toBe(404);
    await moveClockTo(request, new Date(at.getTime() - 30_000));
    expect(await flowIds(request)).not.toContain(flow);
    expect((await request.get(`/sdmx/rest/data/${flow}/ALIM./all/`)).status()).toBe(404);

    // Its minute: the flow and its data.
    await moveClockTo(request, at);
    await expect.poll(() => flowIds(request)).toContain(flow);
    const data = await request.get(`/sdmx/rest/data/${flow}/ALIM./all/`);
    expect(data.status()).toBe(200);
    const values = [...(await data.text()).matchAll(/<generic:ObsValue value="([^"]+)"/g)].map((m) => Number(m[1]));
    expect(values).toEqual([100, 101.5]);
  },
);
