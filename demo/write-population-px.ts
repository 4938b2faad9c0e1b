// tsx demo/write-population-px.ts — writes demo/tables/population.px, the PX file the demo's population table is imported from.
import fs from 'node:fs';
import { populationPx, pxPath } from './tables';

fs.writeFileSync(pxPath, populationPx());
console.log(`Écrit : ${pxPath.pathname}`);
