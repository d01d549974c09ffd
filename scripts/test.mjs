// `npm test`: the one command that checks everything (docs/conventions.md, point 11): types, lint
// and import boundaries, unit and API tests (on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set), then the production build and the browser journeys.
// It ends with one line "tests: N passed, N failed" counting unit, API and browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'node_modules', '.cache', 'test-reports');
mkdirSync(reports, { recursive: true });
const skipE2e = process.argv.includes('--no-e2e');

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`${result.status === 0 ? '✔' : '✘'} ${name} (${seconds} s)`);
  return result.status === 0;
}

function readJson(path) {
  try {
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');
const outcomes = [
  step('typecheck', 'npx', ['tsc', '-b']),
  step('lint', 'npm', ['run', 'lint', '--silent']),
  step('unit and API tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]),
];
if (!skipE2e) {
  outcomes.push(step('build', 'npm', ['run', 'build', '--silent']));
  outcomes.push(
    step('browser tests', 'npm', ['test', '-w', '@bluepeak/e2e'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    }),
  );
}

const vitest = readJson(vitestReport);
const playwright = skipE2e ? undefined : readJson(playwrightReport);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed =
  (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0);
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0);
const allGreen = outcomes.every(Boolean);
// A step that failed before reporting (typecheck, lint, build) still counts as a failure.
const failedSteps = allGreen ? 0 : Math.max(1, failed) - failed;
console.log(`\ntests: ${passed} passed, ${failed + failedSteps} failed, ${skipped} skipped`);
process.exit(allGreen ? 0 : 1);
