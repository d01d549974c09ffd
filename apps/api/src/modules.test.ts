import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiPackageRoot } from './lib/package-root';
import { MODULES } from './modules';

// The order lives in one place, scripts/module-order.mjs, read by the boundary check; the list
// app.ts and jobs.ts walk must be that order, with every module folder in it once.
const ORDER_FILE = join(apiPackageRoot(), '..', '..', 'scripts', 'module-order.mjs');

describe('the ordered module list', () => {
  it("is every module folder's manifest, in the declared order", async () => {
    const { MODULE_ORDER } = (await import(ORDER_FILE)) as { MODULE_ORDER: string[] };
    expect(MODULES.map((module) => module.name)).toEqual(MODULE_ORDER);
    const folders = readdirSync(join(apiPackageRoot(), 'src', 'modules')).sort();
    expect([...MODULE_ORDER].sort()).toEqual(folders);
  });

  it('registers the session plugin once, and every route and job once', () => {
    expect(MODULES.filter((module) => module.sessionPlugin)).toHaveLength(1);
    const plugins = MODULES.flatMap((module) => [
      ...(module.publicRoutes ?? []),
      ...(module.demoRoutes ?? []),
      ...(module.routes ?? []),
    ]);
    expect(new Set(plugins).size).toBe(plugins.length);
    const jobs = MODULES.flatMap((module) => module.jobs ?? []).map((job) => job.name);
    expect(new Set(jobs).size).toBe(jobs.length);
  });
});
