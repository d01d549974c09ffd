import type { Payment, PaymentRail, PaymentStatus, PaymentType } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import type { ChallengeRow } from '../auth';
import {
  type ChallengeJson,
  challengeFromJson,
  challengeJsonSql,
  type ScaChallenge,
  scaClaimSql,
  type VerifiedSca,
} from '../sca';

// A payments row as the services read it (migration 0050), and its API shape.
export type PaymentRow = {
  id: string;
  client_id: string;
  type: PaymentType;
  rail: PaymentRail;
  status: PaymentStatus;
  account_id: string;
  ledger_account_id: string;
  amount_minor: number;
  currency: string;
  debit_amount_minor: number;
  debit_currency: string;
  fee_minor: number;
  rate: string | null;
  market_rate: string | null;
  recipient_id: string | null;
  payee: Record<string, string>;
  payee_hash: Uint8Array;
  payee_account_id: string | null;
  description: string;
  end_to_end_id: string;
  challenge_id: string | null;
  save_recipient: boolean;
  on_hold: boolean;
  status_reason: string | null;
  file_id: string | null;
  /** Set on a pay-out made when the client's accounts close (migration 0071). */
  deactivation_request_id: string | null;
  /** Set on the release of an escrow deal to a seller outside the institution (migration 0151). */
  escrow_deal_id: string | null;
  created_at: Date;
  updated_at: Date;
  confirmed_at: Date | null;
};

export type PaymentEventRow = { status: PaymentStatus; reason: string | null; created_at: Date };

/** One of the client's own payments; another client's is simply not found (404, never 403). */
/**
 * The client's payment with the code's challenge it holds (null for none), in one statement: the
 * confirmation needs both, and reading them apart cost a round trip more.
 */
export async function findClientPaymentWithChallenge(
  db: Queryable,
  clientId: string,
  id: string,
): Promise<{ payment: PaymentRow; challenge: ChallengeRow | null } | undefined> {
  const [row] = await db.query<PaymentRow & { sca__challenge: ChallengeJson | null }>(
    `SELECT p.*, ${challengeJsonSql('p.challenge_id', 'p.client_id')} AS sca__challenge
       FROM payments p WHERE p.id = $1 AND p.client_id = $2`,
    [id, clientId],
  );
  if (!row) return undefined;
  const { sca__challenge, ...payment } = row;
  return { payment, challenge: challengeFromJson(sca__challenge) };
}

export async function findClientPayment(
  db: Queryable,
  clientId: string,
  id: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(
    `SELECT * FROM payments WHERE id = $1 AND client_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [id, clientId],
  );
  return row;
}

export async function findPayment(db: Queryable, id: string, lock = false): Promise<PaymentRow | undefined> {
  const [row] = await db.query<PaymentRow>(
    `SELECT * FROM payments WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}

export async function paymentHistory(db: Queryable, paymentId: string): Promise<PaymentEventRow[]> {
  return db.query<PaymentEventRow>(
    'SELECT status, reason, created_at FROM payment_events WHERE payment_id = $1 ORDER BY id',
    [paymentId],
  );
}

/** An internal payment's payee account; `owes_fees` when its client has a fee waiting to be taken. */
type PayeeAccount = { id: string; client_id: string; ledger_account_id: string; owes_fees: boolean };

/**
 * The payment, locked, with an internal payment's payee account, and the code's challenge
 * claimed, in one statement. The claim waits for the payment's lock (it runs only once the
 * locked row is read), so two confirmations take the two rows in the same order.
 */
export async function lockPaymentAndClaimCode(
  tx: Queryable,
  paymentId: string,
  verified: VerifiedSca,
  now: Date,
): Promise<{ locked: PaymentRow; payee: PayeeAccount | undefined; claimed: boolean } | undefined> {
  const [row] = await tx.query<
    PaymentRow & {
      payee__id: string | null;
      payee__client_id: string;
      payee__ledger_account_id: string;
      payee__owes_fees: boolean;
      code__claimed: boolean;
    }
  >(
    `WITH locked AS (
       SELECT p.*, a.id AS payee__id, a.client_id AS payee__client_id,
              a.ledger_account_id AS payee__ledger_account_id,
              -- Read here so a payee without a fee owed costs the confirmation no statement more.
              EXISTS (SELECT FROM client_fees f WHERE f.client_id = a.client_id AND f.status = 'owed')
                AS payee__owes_fees
         FROM payments p LEFT JOIN client_accounts a ON a.id = p.payee_account_id
        WHERE p.id = $1 FOR UPDATE OF p),
     claimed AS (${scaClaimSql({ challenge: '$2::uuid', now: '$3::timestamptz', when: 'EXISTS (SELECT FROM locked)' })})
     SELECT locked.*, EXISTS (SELECT FROM claimed) AS code__claimed FROM locked`,
    [paymentId, verified.challengeId, now],
  );
  if (!row) return undefined;
  const {
    payee__id,
    payee__client_id,
    payee__ledger_account_id,
    payee__owes_fees,
    code__claimed,
    ...locked
  } = row;
  const payee =
    payee__id === null
      ? undefined
      : {
          id: payee__id,
          client_id: payee__client_id,
          ledger_account_id: payee__ledger_account_id,
          owes_fees: payee__owes_fees,
        };
  return { locked, payee, claimed: code__claimed };
}

export async function setPaymentRecipient(
  tx: Queryable,
  paymentId: string,
  recipientId: string,
): Promise<void> {
  await tx.query('UPDATE payments SET recipient_id = $2 WHERE id = $1', [paymentId, recipientId]);
}

export async function setPaymentOnHold(tx: Queryable, paymentId: string, hold: boolean): Promise<void> {
  await tx.query('UPDATE payments SET on_hold = $2, updated_at = now() WHERE id = $1', [paymentId, hold]);
}

/** The payments the rails wrote into one pain.001 file point at it. */
export async function setPaymentsFile(tx: Queryable, paymentIds: string[], fileId: string): Promise<void> {
  await tx.query('UPDATE payments SET file_id = $2, updated_at = now() WHERE id = ANY($1::uuid[])', [
    paymentIds,
    fileId,
  ]);
}

/**
 * The keys (payee account, amount, currency, description) of what the client paid in the last
 * `days` days, not cancelled or rejected.
 */
/** The days a payment counts as recent when a batch row is checked against it. */
export const DUPLICATE_WINDOW_DAYS = 30;

/** What makes two payments the same one made twice: the payee's account, amount, currency and description. */
const sameKeySql = (alias: string) =>
  `concat_ws('|', coalesce(${alias}.payee->>'sort_code', ''),
     coalesce(${alias}.payee->>'iban', ${alias}.payee->>'account_number', ''),
     ${alias}.amount_minor::text, ${alias}.currency, ${alias}.description)`;

/**
 * For another module's read of rows that are to become payments (a batch's rows, with this
 * table's payee, amount_minor, currency and description columns, under `rowAlias`): a LEFT JOIN
 * of the newest payment the client `clientIdSql` sent or completed in the last 30 days that is
 * the same as the row, as JSON in `<alias>.payment` (null when there is none). One hash join of
 * the client's recent payments, not a probe per row, so 10,000 rows cost one read of them.
 */
export function recentSamePaymentJoinSql(rowAlias: string, clientIdSql: string, alias: string): string {
  return `LEFT JOIN (
      SELECT DISTINCT ON (same_key) same_key, json_build_object('payment_id', id, 'created_at', created_at,
               'amount', amount_minor, 'currency', currency, 'name', coalesce(payee->>'name', '')) AS payment
        FROM (SELECT p.*, ${sameKeySql('p')} AS same_key FROM payments p
               WHERE p.client_id = ${clientIdSql} AND p.status IN ('processing', 'completed')
                 AND p.created_at > now() - make_interval(days => ${DUPLICATE_WINDOW_DAYS})) recent
       ORDER BY same_key, created_at DESC, id DESC) ${alias} ON ${alias}.same_key = ${sameKeySql(rowAlias)}`;
}

export function toPaymentSummary(row: PaymentRow, sca: ScaChallenge | null = null): Omit<Payment, 'history'> {
  return {
    id: row.id,
    type: row.type,
    rail: row.rail,
    status: row.status,
    account_id: row.account_id,
    amount: row.amount_minor,
    currency: row.currency,
    fee: row.fee_minor,
    total: row.debit_amount_minor + row.fee_minor,
    debit_amount: row.debit_amount_minor,
    debit_currency: row.debit_currency,
    rate: row.rate,
    market_rate: row.market_rate,
    recipient_id: row.recipient_id,
    payee: row.payee,
    description: row.description,
    end_to_end_id: row.end_to_end_id,
    status_reason: row.status_reason,
    on_hold: row.on_hold,
    sca,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toPayment(row: PaymentRow, history: PaymentEventRow[], sca: ScaChallenge | null): Payment {
  return {
    ...toPaymentSummary(row, sca),
    history: history.map((event) => ({
      status: event.status,
      reason: event.reason,
      at: event.created_at.toISOString(),
    })),
  };
}
