import {
  referenceLetterParamsSchema,
  referenceLetterResponseSchema,
  referenceLettersResponseSchema,
} from '@bluepeak/core/fees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import { parseIdempotencyKey, runIdempotent } from '../../lib/idempotency';
import { sendAnswer } from '../../lib/send-answer';
import { sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerClientId, requireClient } from '../auth';
import { clientDisplayName, loadApprovedCaller } from '../clients';
import { listReferenceLetters, orderReferenceLetter, referenceLetterPdf } from './reference-letters';

// Reference letters in settings (docs/requirements/statements.md): order one (it costs the
// tariff's fee, so the order takes an Idempotency-Key), list them, download one once paid.
export const clientReferenceLetterRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock, linkKey } = options;
  app.addHook('onRequest', requireClient({ db, clock }));

  app.post(
    '/api/client/reference_letters',
    {
      schema: {
        tags: ['statements'],
        summary: 'Order a reference letter; its fee (by region) is charged now or when money arrives',
        response: { 201: referenceLetterResponseSchema },
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const client = await loadApprovedCaller(db, request);
      const answer = await runIdempotent(
        db,
        { scope: `client:${client.id}:reference_letter`, key, request: {} },
        async (tx) => ({ status: 201, body: { data: await orderReferenceLetter(tx, client) } }),
      );
      return sendAnswer(reply, answer);
    },
  );

  app.get(
    '/api/client/reference_letters',
    {
      schema: {
        tags: ['statements'],
        summary: "The client's reference letters, newest first, with their fees",
        response: { 200: referenceLettersResponseSchema },
      },
    },
    async (request) => ({ data: await listReferenceLetters(db, callerClientId(request)) }),
  );

  app.get(
    '/api/client/reference_letters/:id/letter.pdf',
    {
      schema: {
        tags: ['statements'],
        summary: 'The signed reference letter as a PDF (once its fee is paid)',
        params: referenceLetterParamsSchema,
      },
    },
    async (request, reply) => {
      const client = await loadApprovedCaller(db, request);
      const pdf = await referenceLetterPdf(db, {
        clientId: client.id,
        letterId: request.params.id,
        holderName: clientDisplayName(client),
        key: linkKey,
      });
      return sendDocument(reply, { fileName: 'reference-letter.pdf', mime: 'application/pdf', content: pdf });
    },
  );
};
