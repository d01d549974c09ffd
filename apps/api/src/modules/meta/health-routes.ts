import { healthResponseSchema, livenessResponseSchema, readinessResponseSchema } from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../db/database-unavailable';
import type { ProcessState } from '../../lib/process-state';
import { pingDatabase } from './health-rows';

async function databaseAnswers(db: Database): Promise<boolean> {
  try {
    await pingDatabase(db);
    return true;
  } catch {
    return false;
  }
}

// The replica's state as the background check last found it (db/replica-database.ts); absent
// without DATABASE_REPLICA_URL. A replica behind or down only moves reads to the primary, so it
// is reported here and never makes a check fail.
function replicaOf(db: Database) {
  const status = db.replicaStatus?.();
  if (!status) return {};
  const replica = {
    state: status.state,
    lag_ms: status.lagMs,
    max_lag_ms: status.maxLagMs,
    checked_at: status.checkedAt,
  };
  return { replica };
}

// Load balancers and `npm start`'s users ask these (docs/operations.md). `/api/health` answers
// 503 when the database does not; `live` only says the process is up (restart it when it does
// not answer); `ready` says whether to send it requests: database reachable, migrations done,
// not draining after SIGTERM.
export const healthRoutes: FastifyPluginAsyncZod<{ db: Database; state: ProcessState }> = async (
  app,
  { db, state },
) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      try {
        await pingDatabase(db);
        return {
          data: { status: 'ok' as const, database: 'ok' as const, driver: db.driver, ...replicaOf(db) },
        };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({
            data: { status: 'unavailable', database: 'unavailable', driver: db.driver, ...replicaOf(db) },
          });
      }
    },
  );

  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process is up',
        response: { 200: livenessResponseSchema },
      },
      config: { rateLimit: false },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database reachable, migrations done, not draining',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const database = (await databaseAnswers(db)) ? ('ok' as const) : ('unavailable' as const);
      const migrations = state.migrated ? ('done' as const) : ('pending' as const);
      const ready = database === 'ok' && migrations === 'done' && !state.draining;
      const data = { status: ready ? ('ready' as const) : ('not_ready' as const), database, migrations };
      return reply
        .status(ready ? 200 : 503)
        .send({ data: { ...data, draining: state.draining, ...replicaOf(db) } });
    },
  );
};
