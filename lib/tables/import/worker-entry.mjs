// The entry of the table-file worker (lib/tables/import/thread.ts): plain JavaScript, so Node runs it
// whatever started the server (`npm start` under tsx, `next start`, Vitest, a script), then tsx is
// registered in this thread only and the TypeScript worker is imported.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
