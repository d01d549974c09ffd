import {
  NOTIFICATIONS_PAGE_SIZE,
  notificationsPageSchema,
  notificationsQuerySchema,
  unviewedNotificationsSchema,
  viewNotificationsBodySchema,
  viewNotificationsResponseSchema,
} from '@bluepeak/core/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { systemClock } from '../../lib/clock';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerClientId, requireClient } from '../auth';
import { listNotifications, listUnviewedNotifications, markNotificationsViewed } from '../notifications';

// The notifications panel of the dashboard (docs/requirements/accounts.md and
// docs/requirements/api-contract.md): a page of 20, newest first; whether any is unviewed (the red
// bell); and marking them viewed when the bell opens. The notifications module keeps them; the
// routes are here, behind the client's session guard, which that module sits below.
export const clientNotificationRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireClient({ db, clock }));

  app.get(
    '/api/client/notifications',
    {
      schema: {
        tags: ['client'],
        summary: "The client's notifications, newest first, a page at a time",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsPageSchema },
      },
    },
    async (request) => listNotifications(db, callerClientId(request), request.query),
  );

  app.get(
    '/api/client/notifications/unviewed',
    {
      schema: {
        tags: ['client'],
        summary: 'The newest notifications not yet viewed (data[0] present: the bell turns red)',
        response: { 200: unviewedNotificationsSchema },
      },
    },
    async (request) => listUnviewedNotifications(db, callerClientId(request), NOTIFICATIONS_PAGE_SIZE),
  );

  app.post(
    '/api/client/notifications/view',
    {
      schema: {
        tags: ['client'],
        summary: "Mark all the client's notifications viewed",
        body: viewNotificationsBodySchema,
        response: { 200: viewNotificationsResponseSchema },
      },
    },
    async (request) => {
      const clientId = callerClientId(request);
      const viewed = await withTransaction(db, (tx) =>
        markNotificationsViewed(tx, clientId, { now: clock.now(), requestId: request.id, ip: request.ip }),
      );
      return { data: { viewed } };
    },
  );
};
