import { describe, expect, it } from 'vitest';
import { ReadBatcher } from './read-batcher';

/** A load whose calls are recorded and answered when the test says. */
function controlledLoad() {
  const calls: {
    keys: readonly string[];
    answer: (values: Record<string, number>) => void;
    fail: (error: Error) => void;
  }[] = [];
  const load = (keys: readonly string[]) =>
    new Promise<ReadonlyMap<string, number>>((resolve, reject) => {
      calls.push({ keys, answer: (values) => resolve(new Map(Object.entries(values))), fail: reject });
    });
  return { calls, load };
}

describe('shared reads', () => {
  it('send a lone read at once, and the reads that arrive meanwhile together in one load', async () => {
    const { calls, load } = controlledLoad();
    const batcher = new ReadBatcher(load);
    const first = batcher.read('a');
    expect(calls.map((call) => call.keys)).toEqual([['a']]);
    const queued = [batcher.read('b'), batcher.read('c'), batcher.read('b')];
    expect(calls).toHaveLength(1);
    calls[0]?.answer({ a: 1 });
    expect(await first).toBe(1);
    await Promise.resolve();
    // One key asked twice is read once; each caller gets its own key's value, or none.
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b', 'c']]);
    calls[1]?.answer({ b: 2 });
    expect(await Promise.all(queued)).toEqual([2, undefined, 2]);
  });

  it('fail only the reads of the load that failed', async () => {
    const { calls, load } = controlledLoad();
    const batcher = new ReadBatcher(load);
    const failing = batcher.read('a');
    const next = batcher.read('b');
    calls[0]?.fail(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
    await Promise.resolve();
    calls[1]?.answer({ b: 2 });
    expect(await next).toBe(2);
  });

  it('keep at most maxInFlight loads running and maxKeys keys in one', async () => {
    const { calls, load } = controlledLoad();
    const batcher = new ReadBatcher(load, 2, 2);
    const reads = ['a', 'b', 'c', 'd', 'e'].map((key) => batcher.read(key));
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b']]);
    calls[0]?.answer({ a: 1 });
    await reads[0];
    await Promise.resolve();
    expect(calls.map((call) => call.keys)).toEqual([['a'], ['b'], ['c', 'd']]);
    calls[1]?.answer({ b: 2 });
    calls[2]?.answer({ c: 3, d: 4 });
    await Promise.all(reads.slice(1, 4));
    await Promise.resolve();
    expect(calls[3]?.keys).toEqual(['e']);
    calls[3]?.answer({ e: 5 });
    expect(await Promise.all(reads)).toEqual([1, 2, 3, 4, 5]);
  });
});
