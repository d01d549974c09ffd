// `npm test`: the one command that checks everything: types, lint and import boundaries, unit
// and API tests (on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set), then the
// production build and the browser journeys (and under CI the short scale-out drill). It ends with one line
// "tests: N passed, N failed, N skipped" counting unit, API and browser tests, read from the
// reports this very run wrote (docs/testing.md).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'node_modules', '.cache', 'test-reports');
mkdirSync(reports, { recursive: true });
const skipE2e = process.argv.includes('--no-e2e');
const ci = process.env.CI === 'true';

/** Runs one step; a step with a report starts without one and fails if it wrote none. */
function step(name, command, args, { env = {}, report } = {}) {
  console.log(`\n▶ ${name}`);
  if (report) rmSync(report, { force: true });
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const written = report ? readReport(report) : undefined;
  const ok = result.status === 0 && (!report || written !== undefined);
  if (report && written === undefined) console.log(`✘ ${name} wrote no readable report at ${report}`);
  console.log(`${ok ? '✔' : '✘'} ${name} (${seconds} s)`);
  return { ok, report: written };
}

function readReport(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The titles of the browser tests Playwright's report marks flaky (failed, then passed on retry). */
function flakyTitles(suites, path = []) {
  return suites.flatMap((suite) => {
    const here = suite.title ? [...path, suite.title] : path;
    const specs = (suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? []).some((test) => test.status === 'flaky') ? [[...here, spec.title].join(' › ')] : [],
    );
    return [...specs, ...flakyTitles(suite.suites ?? [], here)];
  });
}

// What CI must have, so that no test it needs skips itself (or a project is left out) for want
// of it: a run without them fails at once (.ci/run provides them).
const ciNeeds = [
  ['TEST_DATABASE_URL', 'the API tests on PostgreSQL'],
  ['TEST_REDIS_URL', 'the rate-limit test shared through Redis'],
].filter(([variable]) => ci && !process.env[variable]);
if (ciNeeds.length > 0) {
  for (const [variable, what] of ciNeeds)
    console.log(`✘ CI=true but ${variable} is not set: ${what} cannot run`);
  console.log('\ntests: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}

const outcomes = [];
outcomes.push(step('typecheck', 'npx', ['tsc', '-b']));
outcomes.push(step('lint', 'npm', ['run', 'lint', '--silent']));
const vitestReport = join(reports, 'vitest.json');
const vitest = step(
  'unit and API tests',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  { report: vitestReport },
);
outcomes.push(vitest);
let playwright;
if (!skipE2e) {
  outcomes.push(step('build', 'npm', ['run', 'build', '--silent']));
  const playwrightReport = join(reports, 'playwright.json');
  playwright = step('browser tests', 'npm', ['test', '-w', '@bluepeak/e2e'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    report: playwrightReport,
  });
  outcomes.push(playwright);
  // Under CI, the short scale-out drill (docs/operations.md, "The scale-out drill"): a throwaway
  // primary and synchronous replica, three API processes behind HAProxy, one process killed and
  // the primary crash-restarted under load, then the replica promoted; it fails on any
  // acknowledged payment lost or duplicated, or a broken ledger invariant.
  if (ci)
    outcomes.push(
      step('scale-out drill (short)', 'npm', ['run', 'drill:scale', '--silent'], { env: { SHORT: '1' } }),
    );
}

const vitestCounts = vitest.report ?? {};
const playwrightStats = playwright?.report?.stats ?? {};
// Under CI a browser journey that fails once is run again (e2e/playwright.config.ts). One that then
// passes counts as passed, but is named here so a timing-sensitive test is seen and fixed.
const flaky = playwright?.report ? flakyTitles(playwright.report.suites ?? []) : [];
for (const title of flaky) console.log(`⚠ flaky, passed on its retry: ${title}`);
const passed =
  (vitestCounts.numPassedTests ?? 0) + (playwrightStats.expected ?? 0) + (playwrightStats.flaky ?? 0);
const failed = (vitestCounts.numFailedTests ?? 0) + (playwrightStats.unexpected ?? 0);
const skipped =
  (vitestCounts.numPendingTests ?? 0) + (vitestCounts.numTodoTests ?? 0) + (playwrightStats.skipped ?? 0);
const allGreen = outcomes.every((outcome) => outcome.ok);
// A step that failed without a failed test to show for it (typecheck, lint, build, a missing
// report, a worker that failed after its tests) still counts as one failure.
const failedSteps = allGreen ? 0 : Math.max(1, failed) - failed;
console.log(`\ntests: ${passed} passed, ${failed + failedSteps} failed, ${skipped} skipped`);
process.exit(allGreen ? 0 : 1);
