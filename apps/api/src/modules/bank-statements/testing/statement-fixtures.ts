import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database';
import type { Session } from '../../../testing/onboarding-helpers';

// Helpers for the bank-statement API tests: a client's IBAN and ledger account, an upload.
export type DemoClient = { id: string; iban: string; eur: string };

export async function demoClient(db: Database, email: string): Promise<DemoClient> {
  const [row] = await db.query<DemoClient>(
    `SELECT c.id, g.iban, a.ledger_account_id AS eur FROM clients c
     JOIN account_groups g ON g.client_id = c.id
     JOIN client_accounts a ON a.client_id = c.id AND a.currency = 'EUR'
     WHERE c.email = $1`,
    [email],
  );
  if (!row) throw new Error(`${email} has no EUR account`);
  return row;
}

export function uploadStatement(
  app: FastifyInstance,
  session: Session,
  xml: string,
  fileName = 'camt053.xml',
) {
  return app.inject({
    method: 'POST',
    url: '/api/backoffice/bank_statements',
    headers: session.headers,
    payload: { file_name: fileName, data: Buffer.from(xml, 'utf8').toString('base64') },
  });
}

export function post(
  app: FastifyInstance,
  session: Session,
  url: string,
  payload: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/backoffice/bank_statements${url}`,
    headers: session.headers,
    payload,
  });
}

export const today = () => new Date().toISOString().slice(0, 10);
