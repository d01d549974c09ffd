import * as reference from '@bluepeak/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

// docs/requirements/api-contract.md: the web app loads this once at start. Reference data lives in
// packages/core, so the web app and the API agree without a round trip; the answer is the
// same for everyone and is cached by browsers and proxies for an hour.
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * `error_reporting_dsn` tells the web app where to report its errors (null: nowhere), so one
 * build of it serves every deployment (docs/reliability.md, "Error reporting").
 */
export function metaPayload(errorReportingDsn?: string) {
  return {
    currencies: reference.currencies,
    account_currencies: reference.accountCurrencyCodes,
    countries: reference.countries,
    ...reference.metaLists,
    global_settings: reference.globalSettings,
    error_reporting_dsn: errorReportingDsn ?? null,
  };
}

export const metaRoutes: FastifyPluginAsyncZod<{ config: Pick<Config, 'webErrorReportingDsn'> }> = async (
  app,
  { config },
) => {
  const errorReportingDsn = config.webErrorReportingDsn;
  app.get(
    '/api/meta',
    {
      schema: {
        tags: ['reference'],
        summary: 'All metadata lists (currencies, countries, onboarding lists, global settings)',
        response: { 200: reference.metaResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return { data: metaPayload(errorReportingDsn) };
    },
  );

  app.get(
    '/api/meta/document_types',
    {
      schema: {
        tags: ['reference'],
        summary: 'Document types for uploads',
        response: { 200: reference.documentTypesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return { data: { document_types: [...reference.documentTypes] } };
    },
  );

  app.get(
    '/api/meta/active_countries',
    {
      schema: {
        tags: ['reference'],
        summary: 'Countries the institution onboards clients from',
        response: { 200: reference.activeCountriesResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return { data: [...reference.activeCountries] };
    },
  );
};
