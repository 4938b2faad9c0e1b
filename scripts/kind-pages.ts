// npm run routes:kinds — writes the route files of the kinds' public pages, French and English (lib/routing/kind-pages.ts).
import fs from 'node:fs';
import path from 'node:path';
import { kindPageFiles } from '@/lib/routing/kind-pages';

for (const { file, text } of kindPageFiles()) {
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) continue;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  console.log(`écrit : ${file}`);
}
