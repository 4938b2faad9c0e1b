import 'server-only';

export { getDb } from './instance';
export type { Db } from './open';
