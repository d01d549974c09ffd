import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { createHook } from './hooks';

const tx = {} as Queryable;

describe('createHook', () => {
  it("runs the key's handler in the caller's transaction and gives back its answer", async () => {
    const hook = createHook<'settled' | 'returned', [id: string], string>('rail answer');
    const seen: unknown[] = [];
    hook.register('settled', async (given, id) => {
      seen.push(given, id);
      return `settled ${id}`;
    });
    await expect(hook.run('settled', tx, 'p1')).resolves.toBe('settled p1');
    expect(seen).toEqual([tx, 'p1']);
    expect(hook.has('settled')).toBe(true);
    expect(hook.has('returned')).toBe(false);
  });

  it('throws for a key nobody registered, rather than let a follow-up silently not happen', async () => {
    const hook = createHook<'escrow', []>('payout resolved');
    await expect(hook.run('escrow', tx)).rejects.toThrow(
      'Hook payout resolved:escrow has no handler registered',
    );
  });

  it('takes the same handler twice but refuses a second, different one', () => {
    const hook = createHook<'tickets', []>('client record');
    const handler = async () => {};
    hook.register('tickets', handler);
    expect(() => hook.register('tickets', handler)).not.toThrow();
    expect(() => hook.register('tickets', async () => {})).toThrow('already has a handler');
  });
});
