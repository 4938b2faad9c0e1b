/**
 * Writes the demo's DDI Codebook files (`demo/microdata/*.ddi.xml`) from demo/microdata.ts:
 * `tsx demo/write-microdata-ddi.ts`. The seed imports these files; demo/microdata.test.ts checks
 * they are what the generator writes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { toDdi25 } from '@/lib/microdata/ddi/export';
import { demoDdiFolder, demoSurveys } from './microdata';

fs.mkdirSync(demoDdiFolder, { recursive: true });
for (const s of demoSurveys) {
  const book = s.build();
  fs.writeFileSync(
    path.join(demoDdiFolder, s.file),
    toDdi25(book, { id: book.study.idno, producedBy: 'Institut national de la statistique' }),
  );
  console.log(`${s.file} : ${book.variables.length} variables, ${book.study.files.length} fichiers.`);
}
