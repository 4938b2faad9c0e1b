import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { followAnswer, followedCount, lookAtUnanswered, UNANSWERED_AFTER_MS } from './unanswered';

const request = (method: string, url: string, headers: Record<string, string> = {}, complete = true) =>
  ({ method, url, headers, complete }) as unknown as IncomingMessage;
const answer = () =>
  ({ writableFinished: false, destroyed: false, headersSent: false, socket: { destroyed: false } }) as {
    -readonly [K in keyof ServerResponse]: ServerResponse[K];
  };

describe('answers that never come', () => {
  it('a server action without an answer is said once, then when it ends; public reads are not followed', () => {
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    const action = answer();
    const reader = answer();
    const upload = answer();
    followAnswer(request('POST', '/admin/news/17', { 'next-action': '7f3ca4c285aa99' }), action as ServerResponse, 0);
    followAnswer(request('GET', '/actualites/17'), reader as ServerResponse, 0);
    followAnswer(request('POST', '/api/files', {}, false), upload as ServerResponse, 0);
    expect(followedCount()).toBe(2);

    lookAtUnanswered(UNANSWERED_AFTER_MS - 1, log);
    expect(lines).toEqual([]);
    lookAtUnanswered(UNANSWERED_AFTER_MS, log);
    expect(lines).toEqual(['[requêtes] POST /admin/news/17 (action 7f3ca4c285aa) sans réponse depuis 15 s (en-tête pas encore envoyé).']);
    lookAtUnanswered(UNANSWERED_AFTER_MS + 5_000, log);
    expect(lines).toHaveLength(1);

    action.writableFinished = true;
    // The uploader went away: its socket closed.
    upload.socket = { destroyed: true } as ServerResponse['socket'];
    lookAtUnanswered(UNANSWERED_AFTER_MS + 9_000, log);
    expect(lines[1]).toBe('[requêtes] POST /admin/news/17 (action 7f3ca4c285aa) : fin après 24.0 s (au plus 5 s près).');
    expect(lines).toHaveLength(2);
    expect(followedCount()).toBe(0);
  });
});
