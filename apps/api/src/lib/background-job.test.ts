import { afterEach, describe, expect, it, vi } from 'vitest';
import { runEvery } from './background-job';
import type { Logger } from './logger';

const quietLog = (): Logger & { errors: unknown[] } => {
  const errors: unknown[] = [];
  return { errors, info: () => {}, warn: () => {}, error: (fields: unknown) => errors.push(fields) };
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.useRealTimers();
});

describe('runEvery', () => {
  it('resolves only after the first pass when asked to await it', async () => {
    let firstDone = false;
    const stop = await runEvery({
      intervalMs: 60_000,
      log: quietLog(),
      failure: 'failed',
      awaitFirst: true,
      pass: async () => {
        await sleep(20);
        firstDone = true;
      },
    });
    expect(firstDone).toBe(true);
    await stop();
  });

  it('runs one pass at a time, the next an interval after the last ended', async () => {
    let inFlight = 0;
    let most = 0;
    let passes = 0;
    const stop = await runEvery({
      intervalMs: 2,
      log: quietLog(),
      failure: 'failed',
      pass: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        passes += 1;
        await sleep(15);
        inFlight -= 1;
      },
    });
    await sleep(120);
    await stop();
    expect(passes).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
  });

  it('logs a failed pass and tries again at the next interval', async () => {
    vi.useFakeTimers();
    const log = quietLog();
    let passes = 0;
    const stop = await runEvery({
      intervalMs: 1_000,
      log,
      failure: 'pass failed',
      pass: async () => {
        passes += 1;
        if (passes === 1) throw new Error('boom');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(passes).toBe(1);
    expect(log.errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(2);
    expect(log.errors).toHaveLength(1);
    await stop();
  });

  it('waits for the pass in flight when stopped, and starts none after', async () => {
    let passes = 0;
    let finished = 0;
    const stop = await runEvery({
      intervalMs: 1,
      log: quietLog(),
      failure: 'failed',
      pass: async () => {
        passes += 1;
        await sleep(30);
        finished += 1;
      },
    });
    await sleep(5);
    await stop();
    expect(finished).toBe(passes);
    await sleep(40);
    expect(passes).toBe(finished);
  });
});
