import type { LaggingReader, Queryable } from '../../db/database';

// Who paid an incoming payment (`incoming_payers`): kept when the credit is booked, read by a
// statement for the line's counterparty (docs/requirements/statements.md).

const MAX_NAME = 200;

/** Keeps the payer's name of a credit just booked; a retried credit keeps the first. */
export async function recordIncomingPayer(
  tx: Queryable,
  reference: string,
  payerName: string,
): Promise<void> {
  const name = payerName.trim().slice(0, MAX_NAME);
  if (name === '') return;
  await tx.query(
    'INSERT INTO incoming_payers (reference, payer_name) VALUES ($1, $2) ON CONFLICT (reference) DO NOTHING',
    [reference, name],
  );
}

/** The payer of each incoming payment named, by its reference; one without a known payer is absent. */
export async function incomingPayerNames(
  db: LaggingReader,
  references: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(references)];
  if (unique.length === 0) return new Map();
  const rows = await db.query<{ reference: string; payer_name: string }>(
    'SELECT reference, payer_name FROM incoming_payers WHERE reference = ANY($1::text[])',
    [unique],
  );
  return new Map(rows.map((row) => [row.reference, row.payer_name]));
}
