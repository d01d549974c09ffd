// What readiness reports beside the database (docs/operations.md): whether this process's
// database is migrated and whether it is draining after SIGTERM. server.ts moves it on; an app a
// test builds is migrated and not draining unless the test says otherwise.
export type ProcessState = { migrated: boolean; draining: boolean };

export function processState(initial: Partial<ProcessState> = {}): ProcessState {
  return { migrated: true, draining: false, ...initial };
}
