// A worker thread of the conformance crawl (testing/conformance/validator-pool.ts): validates the
// HTML pages it is sent with html-validate, off the thread that fetches. Plain JavaScript so it
// loads in a worker under any runner (Playwright, Vitest, tsx) without a TypeScript loader; the
// configuration arrives as workerData from the pool.
import { parentPort, workerData } from 'node:worker_threads';
import { HtmlValidate } from 'html-validate';

const validator = new HtmlValidate(workerData.config);

parentPort.on('message', async ({ id, html, name }) => {
  try {
    const report = await validator.validateString(html, name);
    const messages = report.results.flatMap((r) =>
      r.messages.filter((m) => m.severity === 2).map((m) => ({ rule: m.ruleId, message: m.message, line: m.line, column: m.column })),
    );
    parentPort.postMessage({ id, messages });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
