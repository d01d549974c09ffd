import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../../db/database';
import { withTransaction } from '../../../db/transaction';
import { logIn, type Session, signUpAndConfirm } from '../../../testing/onboarding-helpers';
import { listClientAccountRows, openAccountsOnApproval } from '../../accounts';
import { findClientByEmail } from '../../clients';
import { createTransfers, systemAccountId } from '../../ledger';
import { latestCode } from '../../payments/testing/payment-fixtures';

// Deactivation tests need approved clients whose balances they control: each is signed up
// through the real routes, then approved the way the operator's approval does it (status and
// accounts in one transaction), without the demo clients' history.
export type ApprovedClient = {
  id: string;
  email: string;
  session: Session;
  accounts: { id: string; currency: string; ledgerAccountId: string }[];
};

let phoneCounter = 100;

export async function approvedClient(
  app: FastifyInstance,
  db: Database,
  email: string,
): Promise<ApprovedClient> {
  await signUpAndConfirm(app, email, { phone: `+4479111${String(++phoneCounter).padStart(5, '0')}` });
  const client = await findClientByEmail(db, email);
  if (!client) throw new Error(`no client ${email}`);
  await withTransaction(db, async (tx) => {
    await tx.query(`UPDATE clients SET status = 'APPROVED', phone_verified_at = now() WHERE id = $1`, [
      client.id,
    ]);
    await openAccountsOnApproval(tx, client);
  });
  const session = await logIn(app, email);
  const rows = await listClientAccountRows(db, client.id);
  const accounts = rows.map((row) => ({
    id: row.id,
    currency: row.currency,
    ledgerAccountId: row.ledger_account_id,
  }));
  return { id: client.id, email, session, accounts };
}

/** Puts money into the client's account in `currency`, as an incoming credit would. */
export async function fund(
  db: Database,
  client: ApprovedClient,
  currency: string,
  amountMinor: number,
  tag: string,
) {
  const account = client.accounts.find((candidate) => candidate.currency === currency);
  if (!account) throw new Error(`no ${currency} account`);
  const [result] = await createTransfers(db, [
    {
      kind: 'posted',
      id: `test-fund:${account.id}:${tag}`,
      debitAccountId: systemAccountId(currency, 'opening_balances'),
      creditAccountId: account.ledgerAccountId,
      amountMinor,
      currency,
      code: 'opening_balance',
      referenceType: 'test',
      referenceId: account.id,
    },
  ]);
  expect(result?.ok, JSON.stringify(result)).toBe(true);
}

/**
 * Adds a recipient (SEPA unless told) and confirms it with its code, as the client would. The
 * clearing simulator rejects or returns payments to a name containing REJECT or RETURN.
 */
export async function confirmedRecipient(
  app: FastifyInstance,
  client: ApprovedClient,
  recipient: { type: string; details: Record<string, string> } = {
    type: 'sepa',
    details: { name: 'Erika Mustermann', iban: 'DE89370400440532013000' },
  },
): Promise<string> {
  const added = await app.inject({
    method: 'POST',
    url: '/api/client/recipients',
    headers: client.session.headers,
    payload: recipient,
  });
  expect(added.statusCode, added.body).toBe(201);
  const id: string = added.json().data.id;
  const confirmed = await app.inject({
    method: 'POST',
    url: `/api/client/recipients/${id}/confirm`,
    headers: client.session.headers,
    payload: { code: await latestCode(app, client.email) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return id;
}

/** Asks to close and confirms with the e-mailed code. */
export async function requestDeactivation(
  app: FastifyInstance,
  client: ApprovedClient,
  payout: Record<string, unknown> = { kind: 'balance_is_zero' },
) {
  const asked = await app.inject({
    method: 'POST',
    url: '/api/client/deactivation',
    headers: client.session.headers,
    payload: { reason: 'no_longer_needed', payout },
  });
  expect(asked.statusCode, asked.body).toBe(202);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/client/deactivation/confirm',
    headers: client.session.headers,
    payload: { code: await latestCode(app, client.email) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().data;
}

export async function clientStatusOf(db: Database, clientId: string): Promise<string | undefined> {
  const [row] = await db.query<{ status: string }>('SELECT status FROM clients WHERE id = $1', [clientId]);
  return row?.status;
}
