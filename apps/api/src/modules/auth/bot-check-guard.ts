import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { altchaKeys, verifyAltchaPayload } from './altcha';

// Every public form (sign-up, log-in, password restore, the card waiting list) asks for a solved
// ALTCHA challenge (docs/requirements/security.md, "The bot check"); BOT_CHECK=off skips it.
export type HumanCheck = (request: FastifyRequest, payload: string | undefined) => Promise<void>;

export function humanCheck(options: {
  db: Queryable;
  enabled: boolean;
  linkKey: Buffer;
  clock: Clock;
}): HumanCheck {
  const keys = altchaKeys(options.linkKey);
  return async (request, payload) => {
    if (!options.enabled) return;
    if (!(await verifyAltchaPayload(options.db, keys, payload ?? '', options.clock.now()))) {
      request.log.info('bot check failed');
      throw new AppError('bot_check_failed', 'The bot check failed. Please try again.');
    }
  };
}
