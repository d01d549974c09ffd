import type { Database } from '../../db/database';
import type { BackgroundJob } from '../../lib/background-job';
import type { Logger } from '../../lib/logger';
import { deliverOutbox, type Transports } from './deliver-outbox';
import { httpSmsGateway, smtpTransport } from './transports';

/** Polls the outbox while the process runs; returns a function that stops it. */
export function startOutboxWorker(db: Database, transports: Transports, log: Logger, intervalMs = 2_000) {
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

/** Delivers the outbox through the transports the configuration names (SMTP_URL, SMS_GATEWAY_URL). */
export const outboxDeliveryJob: BackgroundJob = {
  name: 'outbox-delivery',
  start: ({ db, config, log }) =>
    startOutboxWorker(
      db,
      {
        email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined,
        sms: config.smsGatewayUrl ? httpSmsGateway(config.smsGatewayUrl) : undefined,
      },
      log,
    ),
};
