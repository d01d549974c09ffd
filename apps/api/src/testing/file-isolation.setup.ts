import { afterAll, vi } from 'vitest';

// The API test files share their worker's module cache (vitest.config.ts), so nothing one file
// changes in the process may reach the next: a faked clock or a stubbed variable ends with the
// file that made it.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
