import { type PaymentType, payeeAccountKey } from '@bluepeak/core/payments';
import { advisoryTransactionLock } from '../../db/advisory-lock';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { listClientRecipients, type RecipientRow } from './recipient-rows';

// One saved recipient per account (docs/requirements/recipients.md): the account is what the
// payee's details name within its payment type (core's payeeAccountKey), so a second save of an
// account finds the first. Both the saved details and a change waiting for its code count, so a
// confirmed change cannot make a second recipient of an account either.

/**
 * Holds the client's recipients until the transaction ends: two saves of one account at the
 * same moment run one after the other, and the second finds the first.
 */
export async function lockClientRecipients(tx: Queryable, clientId: string): Promise<void> {
  await advisoryTransactionLock(tx, 'recipients', clientId);
}

/** The client's recipient (other than `exceptId`) whose details name the same account, if any. */
export async function recipientOfAccount(
  tx: Queryable,
  input: { clientId: string; type: PaymentType; details: Record<string, string>; exceptId?: string },
): Promise<RecipientRow | undefined> {
  const key = payeeAccountKey(input.type, input.details);
  const rows = await listClientRecipients(tx, input.clientId, input.type);
  return rows.find(
    (row) =>
      row.id !== input.exceptId &&
      [row.details, row.pending_details].some(
        (details) => details !== null && payeeAccountKey(input.type, details) === key,
      ),
  );
}

export function recipientExists(row: RecipientRow): AppError {
  const detail = `This account is saved already, as the recipient ${row.details.name ?? ''}.`;
  return new AppError('recipient_exists', 'This account is saved already', { detail });
}
