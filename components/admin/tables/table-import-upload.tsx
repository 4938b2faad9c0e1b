/**
 * A table's file (PX, CSV, XLSX) sent to be read and previewed (`ImportUpload`), with what a CSV
 * or an XLSX does not say and a PX file does: the unit, in French and English, and the decimals;
 * and what no file says: the unit as a code and its multiplier (SDMX CL_UNIT, CL_UNIT_MULT), which
 * the files for machines carry. Left empty, they are read from the unit's label.
 */
import { ImportUpload } from '@/components/admin/versions/import-upload';
import { unitCodeList, unitCodes, unitMultiplierLabels, unitMultipliers } from '@/lib/tables/units';

const input = 'mt-1 block rounded-md border border-border bg-bg px-3 py-2';

export function TableImportUpload({ code }: { code: string }) {
  const id = `import-${code}`;
  return (
    <ImportUpload
      endpoint={`/api/admin/tables/${encodeURIComponent(code)}/import`}
      previewPath="/admin/tableaux/import/"
      label="Fichier PX, CSV ou XLSX"
      accept=".px,.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
      missing="Choisissez un fichier PX, CSV ou XLSX à importer."
      className="mt-4 space-y-4"
      help={
        'Le fichier est le tableau entier de la nouvelle version. PX (PC-Axis) : plusieurs langues, STUB/HEADING, VALUES, CODES, ' +
        'TIMEVAL, « .. » et « - » pour les valeurs manquantes. CSV ou XLSX « une ligne par cellule » : une colonne par dimension ' +
        '(son en-tête est son code ; la colonne du temps s’appelle annee, periode ou TIME_PERIOD), puis valeur, statut (A, P, E… ; ' +
        'O ou M pour une valeur manquante) et, au choix, note, et des libellés dans des colonnes REGION:fr et REGION:en. CSV ' +
        'français (point-virgule, virgule décimale) ou anglais.'
      }
    >
      <fieldset className="flex flex-wrap gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Pour un CSV ou un XLSX (un fichier PX les donne lui-même)</legend>
        <div>
          <label htmlFor={`${id}-unit`} className="block text-sm font-medium">
            Unité
          </label>
          <input id={`${id}-unit`} name="unit" maxLength={100} placeholder="habitants" className={input} />
        </div>
        <div>
          <label htmlFor={`${id}-unit-en`} className="block text-sm font-medium">
            Unité en anglais
          </label>
          <input id={`${id}-unit-en`} name="unitEn" lang="en" maxLength={100} placeholder="inhabitants" className={input} />
        </div>
        <div>
          <label htmlFor={`${id}-decimals`} className="block text-sm font-medium">
            Décimales affichées
          </label>
          <input id={`${id}-decimals`} name="decimals" type="number" min={0} max={6} inputMode="numeric" className={input} />
        </div>
      </fieldset>
      <fieldset className="flex flex-wrap gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-semibold">Unité en code, pour les fichiers SDMX et JSON-stat (tout format)</legend>
        <CodeSelect
          id={`${id}-unit-code`}
          name="unitCode"
          label="Code d’unité"
          options={unitCodeList.map((c) => [c, `${c} — ${unitCodes[c].fr}`])}
        />
        <CodeSelect
          id={`${id}-unit-mult`}
          name="unitMult"
          label="Multiplicateur"
          options={unitMultipliers.map((m) => [String(m), `${m} — ${unitMultiplierLabels[m].fr}`])}
        />
      </fieldset>
    </ImportUpload>
  );
}

/** A labelled choice among codes; left empty, the server reads the code from the unit's label. */
function CodeSelect({ id, name, label, options }: { id: string; name: string; label: string; options: [string, string][] }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select id={id} name={name} defaultValue="" className={input}>
        <option value="">Déduit du libellé de l’unité</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
