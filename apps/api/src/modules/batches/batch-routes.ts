import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemClock } from '../../lib/clock';
import { createSecretBox } from '../../lib/secret-box';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { requireClient } from '../auth';
import { batchConfirmRoutes } from './batch-confirm-routes';
import { BODY_LIMIT, batchDraftRoutes } from './batch-draft-routes';

// Batch payments for the web app and integrators (docs/requirements/batch-payments.md). Another
// client's batch is a 404. Uploading and confirming take an Idempotency-Key. The routes stand in
// two plugins by concern, a batch before it is confirmed and its confirmation; both inherit the
// session guard and the multipart parser set here.
export const clientBatchRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, linkKey, clock = systemClock } = options;
  app.addHook('onRequest', requireClient({ db, clock }, { withCallerRow: true }));
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
    (request, body, done) => {
      done(null, { multipart: body, contentType: request.headers['content-type'] ?? '' });
    },
  );
  await app.register(batchDraftRoutes, { db });
  await app.register(batchConfirmRoutes, { db, clock, totpBox: createSecretBox(linkKey, 'totp') });
};
