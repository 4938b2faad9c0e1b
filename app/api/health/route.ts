// GET /api/health — the process answers (load balancers' liveness check; no dependency checked).
import { connection } from 'next/server';
import { health } from '@/lib/ops/health';

export async function GET() {
  await connection();
  return health();
}
