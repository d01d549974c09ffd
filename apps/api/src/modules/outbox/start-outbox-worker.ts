import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { deliverOutbox, type Transports } from './deliver-outbox';

/** Polls the outbox while the process runs; returns a function that stops it. */
export function startOutboxWorker(
  db: Database,
  transports: Transports,
  log: FastifyBaseLogger,
  intervalMs = 2_000,
) {
  if (!transports.email && !transports.sms) {
    log.info('no e-mail or SMS transport configured: messages stay in the outbox');
    return async () => {};
  }
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = deliverOutbox(db, transports).catch((error: unknown) =>
      log.error({ err: error }, 'outbox delivery failed'),
    );
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
