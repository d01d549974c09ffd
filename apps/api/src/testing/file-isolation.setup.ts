import { afterAll, vi } from 'vitest';
import { registerModuleHooks } from '../module-hooks';

// Tests that call a module's functions without building the app still run its hooks' handlers.
registerModuleHooks();

// The API test files share their worker's module cache (vitest.config.ts), so nothing one file
// changes in the process may reach the next: a faked clock or a stubbed variable ends with the
// file that made it.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
