import {
  accountDetailsQuerySchema,
  accountDetailsResponseSchema,
  accountGroupsResponseSchema,
  accountIdParamsSchema,
  closeAccountAnswerSchema,
  openAccountBodySchema,
  openAccountResponseSchema,
  statementQuerySchema,
  statementResponseSchema,
} from '@bluepeak/core/accounts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withTransaction } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { systemClock } from '../../lib/clock';
import { parseIdempotencyKey, runIdempotent } from '../../lib/idempotency';
import { sendAnswer } from '../../lib/send-answer';
import { sendDocument } from '../../lib/send-document';
import type { AuthRouteOptions } from '../../plugins/route-options';
import { callerClientId, readDb, requireClient } from '../auth';
import { clientActor, clientDisplayName, findClientById } from '../clients';
import { renderAccountDetailsPdf } from './account-details-pdf';
import { findAccountGroupOfClient } from './account-group-rows';
import { findClientAccount } from './account-rows';
import { closeCurrencyAccount } from './close-account';
import { openCurrencyAccount } from './open-accounts';
import { accountDetails, accountSummary, listAccountGroups } from './read-accounts';
import { readStatement } from './read-statement';
import { statementCsv } from './statement-csv';

// The client's accounts (docs/requirements/accounts.md and docs/requirements/api-contract.md): the
// groups with balances from the ledger, one account's bank details and recent lines, opening an
// account in another currency, and the shareable account-details PDF. Every lookup is bound to the
// caller, so another client's account id is a 404, exactly like an id that does not exist.
export const clientAccountRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, options) => {
  const { db, clock = systemClock } = options;
  app.addHook('onRequest', requireClient({ db, clock }));

  async function caller(request: FastifyRequest) {
    const client = await findClientById(db, callerClientId(request));
    if (!client) throw new AppError('session_ended', 'Please log in again');
    return client;
  }

  async function ownAccount(request: FastifyRequest, accountId: string) {
    const clientId = callerClientId(request);
    // Both reads at once (one round trip of wait); the group only counts with the account.
    const [row, group] = await Promise.all([
      findClientAccount(db, clientId, accountId),
      findAccountGroupOfClient(db, clientId),
    ]);
    if (!row || !group) throw notFound('Account');
    return { row, group };
  }

  app.get(
    '/api/client/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: "The client's account groups, each with its accounts and ledger balances",
        response: { 200: accountGroupsResponseSchema },
      },
    },
    async (request) => ({ data: await listAccountGroups(db, callerClientId(request)) }),
  );

  app.get(
    '/api/client/accounts/:id',
    {
      schema: {
        tags: ['accounts'],
        summary: "One account's bank details and recent transactions with running balance",
        params: accountIdParamsSchema,
        querystring: accountDetailsQuerySchema,
        response: { 200: accountDetailsResponseSchema },
      },
    },
    async (request) => {
      const { row, group } = await ownAccount(request, request.params.id);
      const client = await caller(request);
      return {
        data: await accountDetails(db, {
          row,
          group,
          holderName: clientDisplayName(client),
          limit: request.query.limit,
          now: clock.now(),
        }),
      };
    },
  );

  // docs/requirements/security.md: statements are for approved clients only.
  async function statementOf(
    request: FastifyRequest,
    accountId: string,
    query: { from: string; to: string },
  ) {
    // Both reads at once; their errors keep their order (an unknown account is a 404 first).
    const [own, found] = await Promise.allSettled([ownAccount(request, accountId), caller(request)]);
    if (own.status === 'rejected') throw own.reason;
    if (found.status === 'rejected') throw found.reason;
    const { row } = own.value;
    const client = found.value;
    if (client.status !== 'APPROVED') {
      throw new AppError('client_not_approved', 'Statements are open once your application is approved');
    }
    // The account and the client's status are checked on the primary; the lines may lag (decision 0038).
    return readStatement(readDb(request, db), row, query);
  }

  app.get(
    '/api/client/accounts/:id/statement',
    {
      schema: {
        tags: ['accounts'],
        summary:
          "An account's statement between two days (UTC, both included): opening and closing balance and every posted line",
        params: accountIdParamsSchema,
        querystring: statementQuerySchema,
        response: { 200: statementResponseSchema },
      },
    },
    async (request) => ({ data: await statementOf(request, request.params.id, request.query) }),
  );

  app.get(
    '/api/client/accounts/:id/statement.csv',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The same statement as a CSV download',
        params: accountIdParamsSchema,
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const statement = await statementOf(request, request.params.id, request.query);
      return sendDocument(reply, {
        fileName: `statement-${statement.account.currency.code}-${statement.from}-${statement.to}.csv`,
        mime: 'text/csv; charset=utf-8',
        content: Buffer.from(statementCsv(statement), 'utf8'),
      });
    },
  );

  app.get(
    '/api/client/accounts/:id/details.pdf',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The account details as a PDF to share with a payer',
        params: accountIdParamsSchema,
      },
    },
    async (request, reply) => {
      const { row, group } = await ownAccount(request, request.params.id);
      const client = await caller(request);
      const sterling = row.currency === 'GBP';
      const pdf = await renderAccountDetailsPdf({
        holderName: clientDisplayName(client),
        accountName: row.name,
        currency: row.currency,
        iban: group.iban,
        bic: group.bic,
        sortCode: sterling ? group.sort_code : null,
        accountNumber: sterling ? group.account_number : null,
        issuedAt: clock.now(),
      });
      return sendDocument(reply, {
        fileName: `account-details-${row.currency}.pdf`,
        mime: 'application/pdf',
        content: pdf,
      });
    },
  );

  app.post(
    '/api/client/accounts',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Open an account in another currency (needs an Idempotency-Key)',
        body: openAccountBodySchema,
        response: { 201: openAccountResponseSchema },
      },
    },
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const client = await caller(request);
      if (client.status !== 'APPROVED') {
        throw new AppError('client_not_approved', 'Accounts open once your application is approved');
      }
      const answer = await runIdempotent(
        db,
        { scope: `client:${client.id}:open_account`, key, request: request.body },
        async (tx) => {
          const opened = await openCurrencyAccount(tx, {
            clientId: client.id,
            currency: request.body.currency,
            name: request.body.name,
            actor: clientActor(request),
          });
          if (!opened.created) {
            throw new AppError('account_already_open', `You already have a ${request.body.currency} account`);
          }
          const summary = await accountSummary(tx, opened.account);
          return { status: 201, body: { data: { ...summary, group_id: opened.group.id } } };
        },
      );
      // Only a success is stored (a refusal rolls the key back), so a replay is a 201 too.
      return sendAnswer(reply, answer);
    },
  );

  app.post(
    '/api/client/accounts/:id/close',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Close an empty currency account (not the last one)',
        params: accountIdParamsSchema,
        response: { 200: closeAccountAnswerSchema },
      },
    },
    async (request) => {
      const clientId = callerClientId(request);
      const closed = await withTransaction(db, (tx) =>
        closeCurrencyAccount(tx, {
          clientId,
          accountId: request.params.id,
          now: clock.now(),
          actor: clientActor(request),
        }),
      );
      return { data: closed };
    },
  );
};
