// GET /api/ready — the database and the file storage answer within 2 s (readiness check): 200 or 503.
import { connection } from 'next/server';
import { getDb } from '@/lib/db';
import { readiness } from '@/lib/ops/health';
import { getStorage } from '@/lib/storage';

export async function GET() {
  await connection();
  return readiness({ getDb, storage: getStorage });
}
