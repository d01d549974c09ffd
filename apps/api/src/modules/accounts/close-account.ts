import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { writeAuditEntry } from '../audit';
import { getAccount } from '../ledger';
import { notifyClient } from '../notifications';
import { lockOpenClientAccounts, setClientAccountClosed } from './account-rows';
import type { Actor } from './open-accounts';

// Closing a currency account (docs/requirements/exchange.md): only an empty one (no balance, no
// money held by a pending payment), and never the client's last. The row and its ledger account
// stay for history; the account leaves every list, and credits in its currency are no longer
// matched to it. Opening the currency again reopens it.

export async function closeCurrencyAccount(
  tx: Queryable,
  input: { clientId: string; accountId: string; actor: Actor; now: Date },
): Promise<{ id: string; currency: string; closed_at: string }> {
  const open = await lockOpenClientAccounts(tx, input.clientId);
  const account = open.find((row) => row.id === input.accountId);
  if (!account) throw notFound('Account');
  if (open.length === 1) {
    throw new AppError('account_not_empty', 'Your last account cannot be closed', {
      detail: 'Every client keeps at least one account. To leave, close your profile instead.',
    });
  }
  const ledger = await getAccount(tx, account.ledger_account_id);
  const empty = ledger !== undefined && ledger.balanceMinor === 0 && ledger.availableMinor === 0;
  if (!empty) {
    throw new AppError('account_not_empty', 'Only an empty account can be closed', {
      detail: `The ${account.currency} account still holds money or has a payment pending. Move or exchange it first.`,
    });
  }
  await setClientAccountClosed(tx, account.id, input.now);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'account.closed',
    objectType: 'client_account',
    objectId: account.id,
    details: { client_id: input.clientId, currency: account.currency },
  });
  await notifyClient(tx, {
    clientId: input.clientId,
    kind: 'account_closed',
    title: 'Account closed',
    body: `Your ${account.currency} account is closed. You can open it again at any time.`,
    params: { currency: account.currency, account_id: account.id },
  });
  return { id: account.id, currency: account.currency, closed_at: input.now.toISOString() };
}
