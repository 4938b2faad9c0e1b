/**
 * Calls made while the due clock reads: each waits for one read begun after it, never for a chain
 * that new calls keep extending (a save's answer waited for seconds while writes kept coming).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/db/open';

const reads = vi.hoisted(() => [] as ((next: Date | null) => void)[]);
vi.mock('./next-due', () => ({ nextDueAt: () => new Promise<Date | null>((resolve) => reads.push(resolve)) }));
import { refreshDueTime } from './due-clock';

const db = {} as Db;
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('due clock under a stream of calls', () => {
  it('a call waits for the read under way at most, plus one read after it', async () => {
    const done: string[] = [];
    const first = refreshDueTime(db).then(() => done.push('first'));
    expect(reads).toHaveLength(1);
    // A write during the first read: it needs a read begun after it.
    const second = refreshDueTime(db).then(() => done.push('second'));
    reads[0]!(null);
    await settled();
    expect(done).toEqual(['first']);
    expect(reads).toHaveLength(2);
    // Another write during that second read does not hold the second call back.
    const third = refreshDueTime(db).then(() => done.push('third'));
    const fourth = refreshDueTime(db).then(() => done.push('fourth'));
    reads[1]!(null);
    await settled();
    expect(done).toEqual(['first', 'second']);
    // The third and fourth share one read.
    expect(reads).toHaveLength(3);
    reads[2]!(null);
    await Promise.all([first, second, third, fourth]);
    expect(done).toEqual(['first', 'second', 'third', 'fourth']);
    expect(reads).toHaveLength(3);
  });
});
