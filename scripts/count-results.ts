// Counts the individual tests of a Vitest or Playwright JSON report for `npm test`.
//
//   tsx scripts/count-results.ts <vitest|playwright> <report.json> <runner exit code> [failures file]
//
// Prints `<passed> <failed>` on stdout (details on stderr). With a failures file, appends one line
// per failed test (`ÉCHEC › <runner> › <file> › <title> — <first lines of the error>`), so the
// summary at the end of a long log says which tests failed. Never reports "0 failed" for a run
// that went wrong: a missing or unreadable report, a file that failed to load, an error outside
// any test or a non-zero exit code with no failed test each count as one failure.
import fs from 'node:fs';

type Count = { passed: number; failed: number; skipped: number; notes: string[]; names: string[] };

type VitestReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  success?: boolean;
  testResults?: {
    name?: string;
    status?: string;
    message?: string;
    assertionResults?: { fullName?: string; status?: string; failureMessages?: string[] }[];
  }[];
};

type PlaywrightSuite = {
  title?: string;
  file?: string;
  specs?: { title?: string; file?: string; line?: number; tests?: { status?: string; results?: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
};

type PlaywrightReport = {
  suites?: PlaywrightSuite[];
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number; interrupted?: number };
  errors?: { message?: string }[];
};

function countVitest(report: VitestReport): Count {
  const count: Count = {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    notes: [],
    names: [],
  };
  const cwd = process.cwd() + '/';
  for (const file of report.testResults ?? []) {
    const where = (file.name ?? '?').replace(cwd, '');
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') names(count, where, test.fullName ?? '?', test.failureMessages?.[0]);
    }
  }
  // A test file that fails to load (syntax error, failing import, failing hook) has no test results.
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && (file.assertionResults?.length ?? 0) === 0) {
      count.failed += 1;
      count.notes.push(`fichier en échec sans test exécuté : ${file.name ?? '?'}`);
      names(count, (file.name ?? '?').replace(cwd, ''), '(chargement du fichier)', file.message);
    }
  }
  if (report.success === false && count.failed === 0) {
    count.failed = 1;
    count.notes.push('Vitest signale un échec hors des tests (erreur non gérée ?)');
  }
  return count;
}

function names(count: Count, where: string, title: string, error: string | undefined): void {
  // The first lines of the error (a CI log shows only its tail: this is all anyone will see of it).
  const lines = (error ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const first = lines.slice(0, 8).join(' ⏎ ').slice(0, 1200);
  count.names.push(`${where} › ${title}${first ? ` — ${first}` : ''}`);
}

function countPlaywright(report: PlaywrightReport): Count {
  const stats = report.stats ?? {};
  const count: Count = {
    passed: stats.expected ?? 0,
    // Retries are off; a "flaky" test still failed once, so it counts as failed.
    failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0) + (stats.interrupted ?? 0),
    skipped: stats.skipped ?? 0,
    notes: [],
    names: [],
  };
  const walk = (suite: PlaywrightSuite, path: string[]): void => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((result) => result.error)?.error?.message;
          names(count, `${spec.file ?? suite.file ?? '?'}:${spec.line ?? '?'}`, [...path, spec.title ?? '?'].join(' › '), error);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.title ? [...path, child.title] : path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  const errors = report.errors ?? [];
  if (errors.length > 0) {
    count.failed += 1;
    count.notes.push(`erreur hors des tests : ${(errors[0]?.message ?? '').split('\n')[0]}`);
  }
  if (!report.stats) {
    count.failed += 1;
    count.notes.push('rapport sans statistiques');
  }
  return count;
}

function main(): void {
  const [kind, file, exitCodeArg, failuresFile] = process.argv.slice(2);
  if ((kind !== 'vitest' && kind !== 'playwright') || !file) {
    console.error('usage : tsx scripts/count-results.ts <vitest|playwright> <rapport.json> <code de sortie>');
    process.exit(2);
  }
  const exitCode = Number(exitCodeArg ?? '0');
  let count: Count;
  try {
    const report: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    count = kind === 'vitest' ? countVitest(report as VitestReport) : countPlaywright(report as PlaywrightReport);
  } catch (error) {
    count = {
      passed: 0,
      failed: 1,
      skipped: 0,
      names: [],
      notes: [`rapport ${file} absent ou illisible (${(error as Error).message.split('\n')[0]})`],
    };
  }
  if (exitCode !== 0 && count.failed === 0) {
    count.failed = 1;
    count.notes.push(`le lanceur a terminé avec le code ${exitCode} sans test en échec`);
  }
  for (const note of count.notes) console.error(`  ${kind} : ${note}`);
  if (failuresFile) {
    const lines = [...count.names, ...count.notes.map((note) => `(${note})`)];
    if (count.failed > 0 || lines.length > 0) {
      fs.appendFileSync(failuresFile, lines.map((line) => `ÉCHEC › ${kind} › ${line}\n`).join(''));
    }
  }
  if (count.skipped > 0) console.error(`  ${kind} : ${count.skipped} test(s) ignoré(s)`);
  console.log(`${count.passed} ${count.failed}`);
}

main();
