// Imported first by every script: reads .env (when present) before lib/env validates it,
// the way `next start` does for the server.
import fs from 'node:fs';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
