import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './support/chromium';

// Browser journeys against the real production build (apps/api/dist + apps/web/dist), started
// per worker on a free port by the `server` fixture. Debian's Chromium, never a download.
export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: {
    timeout: 10_000,
    // Visual checks (tests/visual.spec.ts): still pages, and room for a few anti-aliased pixels, no more.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', maxDiffPixelRatio: 0.002 },
  },
  // Baselines sit next to the spec, one per name: reviewed, committed, compared on every run.
  snapshotPathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{ext}',
  // Two files at a time, each worker with its own server and database (fixtures.ts): a journey
  // waits on the browser and the server in turn, so one worker left a core idle (docs/testing.md).
  // The tests of one file still run in order, on one worker.
  fullyParallel: false,
  workers: 2,
  // Under CI, on a shared and busy machine, a journey that fails once runs once more; `npm test`
  // names every test that needed it (docs/testing.md). Locally a failure is a failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? 'test-results/report.json' }],
  ],
  use: {
    // Recording a trace screenshots every frame: a third of the browser step's processor time,
    // measured. Under CI the retry of a failed journey records one; locally a failure keeps its own.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      // QUIC off: journeys talk plain HTTP to a local server, and a QUIC probe only adds noise.
      args: [...chromiumFlags, '--disable-quic'],
    },
  },
});
