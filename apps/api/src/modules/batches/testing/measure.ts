import { monitorEventLoopDelay } from 'node:perf_hooks';

// What reading one file cost the process: its time, how far the resident memory rose above
// where it started (sampled every few milliseconds, and once at the end), and the longest the
// event loop was kept from running anything else.
export type Cost<T> = {
  value?: T;
  error?: unknown;
  ms: number;
  memoryGrowthMb: number;
  longestStallMs: number;
};

export async function measure<T>(work: () => Promise<T>): Promise<Cost<T>> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  const before = process.memoryUsage().rss;
  let peak = before;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 5);
  delay.enable();
  const started = performance.now();
  const outcome = await work().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const ms = performance.now() - started;
  delay.disable();
  clearInterval(sampler);
  sample();
  return { ...outcome, ms, memoryGrowthMb: (peak - before) / 2 ** 20, longestStallMs: delay.max / 1e6 };
}

/**
 * `work` run `runs` times: the least time, memory growth and longest stall of the runs. What the
 * code costs comes back on every run; a collection of the test's own garbage, or a busy machine
 * giving the process no core for a moment, seldom hits every run.
 */
export async function measureRuns<T>(work: () => Promise<T>, runs = 3): Promise<Cost<T>> {
  const costs: Cost<T>[] = [];
  for (let run = 0; run < runs; run++) costs.push(await measure(work));
  const [first] = costs as [Cost<T>, ...Cost<T>[]];
  return {
    ...first,
    ms: Math.min(...costs.map((cost) => cost.ms)),
    memoryGrowthMb: Math.min(...costs.map((cost) => cost.memoryGrowthMb)),
    longestStallMs: Math.min(...costs.map((cost) => cost.longestStallMs)),
  };
}

/** The refusal's detail, or what came instead of a refusal. */
export const refusalOf = (cost: Cost<unknown>) =>
  cost.error instanceof Error
    ? `${(cost.error as { code?: string }).code}: ${cost.error.message}`
    : `no refusal (${JSON.stringify(cost.value)?.slice(0, 100)})`;
