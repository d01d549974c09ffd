import { ibanCheckBodySchema, ibanCheckParamsSchema, ibanCheckResponseSchema } from '@bluepeak/core/accounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireClient } from '../auth';
import { checkIbanWithDirectory } from './check-iban';

// The payment form's asynchronous IBAN check (docs/requirements/validation.md and
// docs/requirements/api-contract.md). A malformed IBAN fails the path schema (400 with `errors`); a
// well-formed one with a wrong length or check digits is a 422 that carries `errors` too, so the
// form says 'This IBAN is not valid' for both.
export const clientIbanRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireClient({ db, clock }));

  app.post(
    '/api/client/iban/:iban/check',
    {
      schema: {
        tags: ['payments'],
        summary: "Check an IBAN: its validity, its bank's BIC and whether SEPA reaches it",
        params: ibanCheckParamsSchema,
        body: ibanCheckBodySchema,
        response: { 200: ibanCheckResponseSchema },
      },
    },
    async (request) => {
      const answer = checkIbanWithDirectory(request.params.iban);
      if (!answer.ok) {
        throw new AppError(answer.code, 'This IBAN is not valid', {
          detail: answer.message,
          errors: [{ field: 'iban', code: answer.code, message: answer.message }],
        });
      }
      return {
        data: {
          iban: answer.iban,
          country: answer.country,
          bank_swift_code: answer.bankSwiftCode,
          sepa_reachable: answer.sepaReachable,
        },
      };
    },
  );
};
