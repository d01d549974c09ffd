import type { LaggingReader } from '../../db/database';
import { clientDisplayName } from '../clients';

// What a statement line of a payment shows (docs/requirements/statements.md): who paid and who
// was paid, the payment's own text and its end-to-end id. The other client of an internal payment
// is named as registered, not as the payer typed them.

export type PaymentStatementDetails = {
  /** The client who sent the payment. */
  payer: string;
  /** The payee: the other client of an internal payment, else the name on the payment. */
  payee: string;
  description: string;
  reference: string;
};

type NameColumns = {
  type: 'PRIVATE' | 'CORPORATE' | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
};
const nameOf = (client: NameColumns) =>
  client.type ? clientDisplayName({ ...client, type: client.type }) : '';

type DetailsRow = {
  id: string;
  payee_name: string | null;
  description: string;
  end_to_end_id: string;
  payer: NameColumns;
  payee_client: NameColumns;
};

const nameJson = (alias: string) =>
  `json_build_object('type', ${alias}.type, 'first_name', ${alias}.first_name, 'last_name', ${alias}.last_name, 'company_name', ${alias}.company_name)`;

export async function paymentStatementDetails(
  db: LaggingReader,
  paymentIds: readonly string[],
): Promise<Map<string, PaymentStatementDetails>> {
  const ids = [...new Set(paymentIds)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (ids.length === 0) return new Map();
  const rows = await db.query<DetailsRow>(
    `SELECT p.id, p.payee->>'name' AS payee_name, p.description, p.end_to_end_id,
            ${nameJson('payer')} AS payer, ${nameJson('payee_client')} AS payee_client
       FROM payments p
       JOIN clients payer ON payer.id = p.client_id
       LEFT JOIN client_accounts payee_account ON payee_account.id = p.payee_account_id
       LEFT JOIN clients payee_client ON payee_client.id = payee_account.client_id
      WHERE p.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        payer: nameOf(row.payer),
        payee: nameOf(row.payee_client) || (row.payee_name ?? ''),
        description: row.description,
        reference: row.end_to_end_id,
      },
    ]),
  );
}
