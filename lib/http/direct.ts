/**
 * Answers a request from our Node server itself, before Next, with a route's own function (a Web
 * `Request` in, a `Response` out): for a hot endpoint whose handler needs nothing of Next's
 * (`lib/search/suggestions.ts`). The answer carries the headers `next.config.ts` gives every
 * response. A handler that throws leaves the request to Next, which answers as its route would.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export async function answerDirectly(
  req: IncomingMessage,
  res: ServerResponse,
  answer: (request: Request) => Promise<Response>,
  options: { headers: { key: string; value: string }[]; fallback: () => void },
): Promise<void> {
  let response: Response;
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
    }
    response = await answer(
      new Request(new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`), { method: req.method, headers }),
    );
  } catch {
    options.fallback();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const { key, value } of options.headers) res.setHeader(key, value);
  response.headers.forEach((value, name) => res.setHeader(name, value));
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
