import type { Queryable } from '../db/database';

/**
 * How a lower module tells a higher one something without importing it (docs/architecture.md,
 * "Direction"): the lower module declares a hook and runs it; the higher module's handler is
 * registered by the composition root (apps/api/src/module-hooks.ts). Handlers run in the caller's
 * transaction, so what they write commits or rolls back with the change that ran them.
 *
 * A hook is keyed: each key has at most one handler, and running a key nobody registered throws,
 * because a money movement whose follow-up silently does nothing is worse than a failed request.
 * A handler may answer (`Result`), as the function the lower module used to call did: what it did,
 * for the lower module to go on with.
 */
export type Hook<Key extends string, Args extends unknown[], Result = void> = {
  readonly name: string;
  register(key: Key, handler: (tx: Queryable, ...args: Args) => Promise<Result>): void;
  run(key: Key, tx: Queryable, ...args: Args): Promise<Result>;
  has(key: Key): boolean;
};

export function createHook<Key extends string, Args extends unknown[], Result = void>(
  name: string,
): Hook<Key, Args, Result> {
  const handlers = new Map<Key, (tx: Queryable, ...args: Args) => Promise<Result>>();
  return {
    name,
    register(key, handler) {
      const existing = handlers.get(key);
      // Registering the same function again is harmless (the composition root may run twice in one
      // process, as the tests do); a second, different handler is a wiring mistake.
      if (existing && existing !== handler) throw new Error(`Hook ${name}:${key} already has a handler`);
      handlers.set(key, handler);
    },
    async run(key, tx, ...args) {
      const handler = handlers.get(key);
      if (!handler) throw new Error(`Hook ${name}:${key} has no handler registered`);
      return handler(tx, ...args);
    },
    has: (key) => handlers.has(key),
  };
}
