import {
  createPaymentFileSchema,
  importStatusFileSchema,
  importStatusResultSchema,
  paymentFileAnswerSchema,
  paymentFileListSchema,
  paymentRailChannelSetSchema,
  paymentRailChannelsSchema,
  simulatorRunAnswerSchema,
} from '@bluepeak/core/payments';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTransaction } from '../../db/transaction';
import { notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { writeAuditEntry } from '../audit';
import { callerOperatorId } from '../auth';
import { findPaymentFile, listPaymentFiles, type PaymentFileRow } from './payment-file-rows';
import { exportPaymentFile, importStatusFile } from './payment-files';
import { railChannel, setRailChannel } from './rail-settings';
import { runClearingSimulator } from './rail-worker';
import type { RailActor } from './settle-payment';

const fileView = (row: PaymentFileRow) => ({
  id: row.id,
  kind: row.kind,
  rail: row.rail,
  message_id: row.message_id,
  payment_count: row.payment_count,
  control_sum: row.control_sum,
  currency_totals: row.currency_totals,
  created_at: row.created_at.toISOString(),
});

type PaymentFileRouteOptions = AuthRouteOptions & {
  actorOf: (request: FastifyRequest) => RailActor;
  paymentsRole: preValidationHookHandler;
};

// How payments reach the rails (docs/requirements/payments.md), registered inside the payments
// routes (so their operator session check applies): each rail's channel (simulator or ISO 20022
// files), the simulator's run hook, pain.001 files written and downloaded, pain.002 reports
// imported.
export const backofficePaymentFileRoutes: FastifyPluginAsyncZod<PaymentFileRouteOptions> = async (
  app,
  options,
) => {
  const { db, clock = systemClock, actorOf, paymentsRole } = options;

  app.get(
    '/api/backoffice/payment-rails',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'How each external rail is reached now: the simulator or ISO 20022 files',
        response: { 200: paymentRailChannelsSchema },
      },
      preValidation: paymentsRole,
    },
    async () => ({
      data: [
        { rail: 'sepa' as const, channel: await railChannel(db, 'sepa'), switchable: true },
        { rail: 'swift' as const, channel: await railChannel(db, 'swift'), switchable: true },
        { rail: 'faster_pay' as const, channel: await railChannel(db, 'faster_pay'), switchable: false },
      ],
    }),
  );

  app.put(
    '/api/backoffice/payment-rails/:rail',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Send SEPA or SWIFT payments through the simulator or ISO 20022 files',
        params: z.strictObject({ rail: z.enum(['sepa', 'swift']) }),
        body: z.strictObject({ channel: z.enum(['simulator', 'file']) }),
        response: { 200: paymentRailChannelSetSchema },
      },
      preValidation: paymentsRole,
    },
    async (request) => {
      const { rail } = request.params;
      const { channel } = request.body;
      await withTransaction(db, async (tx) => {
        await setRailChannel(tx, rail, channel);
        await writeAuditEntry(tx, {
          ...actorOf(request),
          action: 'payment_rail.channel_set',
          objectType: 'payment_rail',
          objectId: rail,
          details: { channel },
        });
      });
      return { data: { rail, channel } };
    },
  );

  // The run-now hook serves demos and the browser tests; a production institution's clearing
  // answers on its own schedule, so outside demo mode the hook does not exist.
  if (options.config.demoMode || options.config.nodeEnv === 'test') {
    app.post(
      '/api/backoffice/payment-rails/simulator/run',
      {
        schema: {
          tags: ['backoffice'],
          summary: 'Run the clearing simulator now (test hook); settle_now skips its delay',
          body: z.strictObject({ settle_now: z.boolean().optional() }),
          response: { 200: simulatorRunAnswerSchema },
        },
        preValidation: paymentsRole,
      },
      async (request) => {
        const report = await runClearingSimulator(db, request.body.settle_now ? { delaySeconds: 0 } : {});
        return { data: report };
      },
    );
  }

  app.get(
    '/api/backoffice/payment-files',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'ISO 20022 files written (pain.001) and read (pain.002), newest first',
        response: { 200: paymentFileListSchema },
      },
      preValidation: paymentsRole,
    },
    async () => {
      const rows = await listPaymentFiles(db);
      return { data: rows.map(fileView) };
    },
  );

  app.post(
    '/api/backoffice/payment-files',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Gather the queued SEPA or SWIFT payments into a pain.001.001.09 file',
        body: createPaymentFileSchema,
        response: { 201: paymentFileAnswerSchema },
      },
      preValidation: paymentsRole,
    },
    async (request, reply) => {
      const file = await withTransaction(db, (tx) =>
        exportPaymentFile(tx, {
          rail: request.body.rail,
          operatorId: callerOperatorId(request),
          actor: actorOf(request),
          now: clock.now(),
        }),
      );
      return reply.status(201).send({ data: fileView(file) });
    },
  );

  app.get(
    '/api/backoffice/payment-files/:id/xml',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Download a payment file',
        params: z.strictObject({ id: z.uuid({ error: 'Not a valid file id' }) }),
      },
      preValidation: paymentsRole,
    },
    async (request, reply) => {
      const row = await findPaymentFile(db, request.params.id);
      if (!row) throw notFound('Payment file');
      const name = `${row.kind}-${row.message_id.replace(/[^A-Za-z0-9-]/g, '')}.xml`;
      return reply
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-content-type-options', 'nosniff')
        .type('application/xml; charset=utf-8')
        .send(row.content);
    },
  );

  app.post(
    '/api/backoffice/payment-files/status',
    {
      schema: {
        tags: ['backoffice'],
        summary: 'Import a pain.002 status report: settle or reject the payments it names',
        body: importStatusFileSchema,
        response: { 200: importStatusResultSchema },
      },
      bodyLimit: 6 * 1024 * 1024,
      preValidation: paymentsRole,
    },
    async (request) => {
      const result = await withTransaction(db, (tx) =>
        importStatusFile(tx, {
          xml: request.body.xml,
          operatorId: callerOperatorId(request),
          actor: actorOf(request),
        }),
      );
      return { data: result };
    },
  );
};
