import { type BackgroundJob, runEvery } from '../../lib/background-job';
import { deliverOutbox } from './deliver-outbox';
import { httpSmsGateway, smtpTransport } from './transports';

/**
 * Delivers the outbox every two seconds through the transports the configuration names
 * (SMTP_URL, SMS_GATEWAY_URL). With neither, messages stay in the outbox (the demo mailbox
 * reads them there) and nothing polls.
 */
export const outboxDeliveryJob: BackgroundJob = {
  name: 'outbox-delivery',
  start: async ({ db, config, log }) => {
    const transports = {
      email: config.smtpUrl ? smtpTransport(config.smtpUrl, config.mailFrom) : undefined,
      sms: config.smsGatewayUrl ? httpSmsGateway(config.smsGatewayUrl) : undefined,
    };
    if (!transports.email && !transports.sms) {
      log.info('no e-mail or SMS transport configured: messages stay in the outbox');
      return async () => {};
    }
    return runEvery({
      intervalMs: 2_000,
      log,
      failure: 'outbox delivery failed',
      pass: () => deliverOutbox(db, transports),
    });
  },
};
