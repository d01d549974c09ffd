import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { processState } from '../../lib/process-state';
import { useTestApp } from '../../testing/use-test-app';

// Liveness says the process is up; readiness says whether to send it requests
// (docs/operations.md). The database-down case is in database-outage.test.ts.
describe('health checks', () => {
  const world = useTestApp();

  it('answers live and ready on a migrated process, and /api/health as before', async () => {
    const live = await world.app.inject({ method: 'GET', url: '/api/health/live' });
    expect([live.statusCode, live.json()]).toEqual([200, { data: { status: 'ok' } }]);
    const ready = await world.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect([ready.statusCode, ready.json()]).toEqual([
      200,
      { data: { status: 'ready', database: 'ok', migrations: 'done', draining: false } },
    ]);
    expect((await world.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      data: { status: 'ok', database: 'ok' },
    });
  });

  it('is not ready before its migrations are done, nor while draining, yet stays live', async () => {
    const state = processState({ migrated: false });
    const app = await buildApp({ config: testConfig(), db: world.db, state });
    try {
      const pending = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([pending.statusCode, pending.json().data]).toEqual([
        503,
        { status: 'not_ready', database: 'ok', migrations: 'pending', draining: false },
      ]);
      state.migrated = true;
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      state.draining = true;
      const draining = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([draining.statusCode, draining.json().data.draining]).toEqual([503, true]);
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
