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
