import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/use-test-app';
import { anonymous, type Caller, demoCaller } from './fuzz-callers';
import { describeReport, runFuzz, summariseFailures } from './run-fuzz';

// Every operation of the OpenAPI document, fuzzed as nobody, a client and an operator (docs/testing.md).
// `npm test` sends a few requests per operation and caller; `npm run fuzz` sends FUZZ_RUNS.
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_126);
/** Only the operations whose `METHOD /path` contains this text, to chase one finding. */
const ONLY = process.env.FUZZ_ONLY;

describe('API fuzz', () => {
  const test = useTestApp({
    config: { RATE_LIMIT_ALLOW: '127.0.0.1' },
    demo: true,
    setUp: async () => {
      callers = [
        anonymous(),
        await demoCaller(test.app, test.db, 'client', 'private@demo.test'),
        await demoCaller(test.app, test.db, 'operator', 'admin@demo.test'),
      ];
    },
  });
  let callers: Caller[];

  it('answers every generated bad request with a 4xx problem, never a 5xx', {
    timeout: 3_600_000,
  }, async () => {
    const report = await runFuzz(test.app, callers, {
      runs: RUNS,
      seed: SEED,
      only: ONLY,
      trace: process.env.FUZZ_TRACE ? (line) => console.log(line) : undefined,
    });
    console.log(describeReport(report));
    expect(summariseFailures(report.failures)).toEqual([]);
    if (!ONLY) expect(report.operations).toBeGreaterThan(100);
  });
});
