import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { endAllSessions } from '../auth';
import type { ClientRow } from '../clients';
import { type Actor, changeStatus } from '../clients';
import { freezeAccount } from '../ledger';
import { tellClient } from './deactivation-messages';
import { type DeactivationRow, markRequestApproved, readClientBalances } from './deactivation-rows';

// The end of a closing, whichever path gets there: the operator's approval when nothing is
// left to pay out, or the last pay-out's arrival. Every account is frozen (no debit leaves
// afterwards), the balances must be zero under the freezes' locks (a credit that raced in is
// caught), the request is approved, the client DEACTIVATED, its sessions end, and it is told.
export async function closeAccounts(
  tx: Queryable,
  input: {
    request: DeactivationRow;
    client: ClientRow;
    actor: Actor;
    now: Date;
    /** The operator who decided; null when the last pay-out's arrival closes. */
    operatorId: string | null;
    note?: string | undefined;
    audit: { action: string; details: Record<string, unknown> };
  },
): Promise<void> {
  const { request, client } = input;
  const accounts = await readClientBalances(tx, client.id);
  for (const account of accounts) {
    const frozen = await freezeAccount(tx, {
      accountId: account.ledgerAccountId,
      reason: `Account closed on the client's request ${request.id}`,
      actor: input.operatorId ?? 'system',
    });
    if (!frozen.ok) throw new Error(`Could not freeze account ${account.id}: ${frozen.code}`);
  }
  const after = await readClientBalances(tx, client.id);
  if (after.some((account) => account.balance !== 0 || account.available !== 0))
    throw new AppError('balance_changed', 'The balance changed while closing; please try again');

  await markRequestApproved(tx, request.id, input.now, input.operatorId, input.note ?? null);
  await changeStatus(tx, client, ['DEACTIVATION_REQUESTED'], 'DEACTIVATED', {
    actor: input.actor,
    now: input.now,
    reason: input.note,
  });
  await endAllSessions(tx, { type: 'client', id: client.id }, 'revoked', input.now);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: input.audit.action,
    objectType: 'client',
    objectId: client.id,
    details: { request_id: request.id, accounts_frozen: accounts.length, ...input.audit.details },
  });
  await tellClient(tx, client, 'approved');
}
