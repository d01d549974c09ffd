import type { Queryable } from '../../db/database';

export type PaymentFileRow = {
  id: string;
  kind: 'pain.001' | 'pain.002';
  rail: 'sepa' | 'swift';
  message_id: string;
  payment_count: number;
  control_sum: string;
  currency_totals: Record<string, number>;
  content: string;
  created_at: Date;
};

/** The newest 200 files, written and read, without their content. */
export async function listPaymentFiles(db: Queryable): Promise<PaymentFileRow[]> {
  return db.query<PaymentFileRow>(
    `SELECT id, kind, rail, message_id, payment_count, control_sum, currency_totals, '' AS content, created_at
     FROM payment_files ORDER BY created_at DESC, id DESC LIMIT 200`,
  );
}

export async function findPaymentFile(db: Queryable, id: string): Promise<PaymentFileRow | undefined> {
  const [row] = await db.query<PaymentFileRow>('SELECT * FROM payment_files WHERE id = $1', [id]);
  return row;
}

export async function insertPain001File(
  tx: Queryable,
  input: {
    rail: 'sepa' | 'swift';
    messageId: string;
    paymentCount: number;
    controlSum: string;
    currencyTotals: Record<string, number>;
    content: string;
    createdBy: string;
    createdAt: Date;
  },
): Promise<PaymentFileRow | undefined> {
  const [file] = await tx.query<PaymentFileRow>(
    `INSERT INTO payment_files (kind, rail, message_id, payment_count, control_sum, currency_totals, content, created_by, created_at)
     VALUES ('pain.001', $1, $2, $3, $4, $5::jsonb, $6, $7, $8) RETURNING *`,
    [
      input.rail,
      input.messageId,
      input.paymentCount,
      input.controlSum,
      JSON.stringify(input.currencyTotals),
      input.content,
      input.createdBy,
      input.createdAt,
    ],
  );
  return file;
}

/** The pain.001 we sent with this message id. */
export async function findSentPain001(tx: Queryable, messageId: string): Promise<PaymentFileRow | undefined> {
  const [original] = await tx.query<PaymentFileRow>(
    `SELECT * FROM payment_files WHERE kind = 'pain.001' AND message_id = $1`,
    [messageId],
  );
  return original;
}

/** A bank's status report, once: undefined when its message id was imported already. */
export async function insertPain002File(
  tx: Queryable,
  input: {
    rail: PaymentFileRow['rail'];
    messageId: string;
    paymentCount: number;
    content: string;
    createdBy: string;
  },
): Promise<{ id: string } | undefined> {
  const [stored] = await tx.query<{ id: string }>(
    `INSERT INTO payment_files (kind, rail, message_id, payment_count, control_sum, content, created_by)
     VALUES ('pain.002', $1, $2, $3, '0', $4, $5) ON CONFLICT (message_id) DO NOTHING RETURNING id`,
    [input.rail, input.messageId, input.paymentCount, input.content, input.createdBy],
  );
  return stored;
}
