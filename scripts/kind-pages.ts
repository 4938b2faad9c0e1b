// npm run routes:kinds — writes the route files of the kinds' public pages, French and English (scripts/kind-pages/files.ts).
import fs from 'node:fs';
import path from 'node:path';
import { kindPageFiles } from './kind-pages/files';

for (const { file, text } of kindPageFiles()) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) continue;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`écrit : ${file}`);
}
