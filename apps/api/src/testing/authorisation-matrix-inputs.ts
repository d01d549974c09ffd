// The inputs the authorisation matrix sends where an empty request would stop at validation, so a
// caller's access to another client's object is decided by the lookup, not by the body's shape.
import { escrowMatrixBodies } from '../modules/escrow/testing/matrix-deal';
import { pngAttachment } from './onboarding-helpers';

/** Bodies that pass validation, so client B's call on A's object reaches the lookup. */
export const VALID_BODIES: Record<string, unknown> = {
  'POST /api/client/batches/:id/confirm': { code: '123456' },
  'PUT /api/client/settings/related_persons/:id': {
    first_name: 'Sam',
    last_name: 'Taylor',
    date_of_birth: '1980-01-01',
    nationality: 'GB',
    roles: ['DIRECTOR'],
  },
  'PUT /api/client/settings/related_persons/:id/address': {
    type: 'RESIDENTIAL',
    country: 'GB',
    city: 'London',
    address: '1 High Street',
    postcode: 'SW1A 1AA',
  },
  'PUT /api/client/settings/related_persons/:id/wealth': {
    sources: ['SALARY'],
    description: 'Salary as a director',
  },
  'POST /api/client/settings/related_persons/:id/documents': { attachments: pngAttachment('PASSPORT') },
  'PUT /api/client/recipients/:id': {
    type: 'sepa',
    details: { name: 'Erika Mustermann', iban: 'DE89370400440532013000' },
  },
  'POST /api/client/recipients/:id/confirm': { code: '123456' },
  'POST /api/client/payments/:id/confirm': { code: '123456' },
  'POST /api/client/tickets/:id/messages': { message: 'Hello' },
  ...escrowMatrixBodies,
};

/** Query strings a route needs before it looks its object up. */
export const QUERIES: Record<string, string> = {
  'GET /api/client/accounts/:id/statement': '?from=2026-01-01&to=2026-01-31',
  'GET /api/client/accounts/:id/statement.csv': '?from=2026-01-01&to=2026-01-31',
  // An object named in the query is filled in like a path parameter.
  'GET /api/client/statements': '?account_id=:id&from=2026-01-01&to=2026-01-31&format=pdf',
  'DELETE /api/client/batches/:id/rows': '?status=invalid',
  'GET /api/backoffice/fee_runs': '?month=2026-01',
  'GET /api/backoffice/clients/:id/statements':
    '?account_id=00000000-0000-4000-8000-000000000000&from=2026-01-01&to=2026-01-31',
};
