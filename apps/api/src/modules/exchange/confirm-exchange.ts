import { formatMoney } from '@bluepeak/core';
import type { Exchange } from '@bluepeak/core/exchange';
import type { Database, Queryable } from '../../db/database';
import { AppError, notFound } from '../../lib/app-error';
import { runIdempotent } from '../../lib/idempotency';
import { collectOwedFees, findClientAccount } from '../accounts';
import { type AuditEntry, writeAuditEntry } from '../audit';
import { assertApproved, type ClientRow, findClientById } from '../clients';
import { getAccounts } from '../ledger';
import { notifyClient } from '../notifications';
import { accountFrozen, bookExchange } from './exchange-ledger';
import { type ExchangeRow, findClientExchange, markCompleted, toExchange } from './exchange-rows';

// Confirming a quote (docs/requirements/exchange.md): in one transaction the quote is locked,
// checked (the client's, still approved, not used, not expired, both accounts open and not
// frozen), booked in one ledger call, marked completed, audited and notified. Two confirms of
// the same quote meet on the row lock: the second finds it completed and books nothing. The
// Idempotency-Key replays the first answer to a retry.

export const quoteExpired = () =>
  new AppError('quote_expired', 'This quote has expired', {
    detail: 'The quote held for a limited time and has expired. Ask for a new quote.',
  });
export const quoteUsed = () =>
  new AppError('exchange_already_confirmed', 'This quote has already been confirmed', {
    detail: 'This quote was already confirmed and booked. Ask for a new quote to exchange again.',
  });

export async function confirmExchange(
  db: Database,
  input: {
    clientId: string;
    exchangeId: string;
    key: string;
    now: () => Date;
    actor: Omit<AuditEntry, 'action'>;
  },
): Promise<{ body: { data: Exchange }; replayed: boolean }> {
  const answer = await runIdempotent(
    db,
    { scope: `client:${input.clientId}:exchange_confirm`, key: input.key, request: { id: input.exchangeId } },
    async (tx) => {
      const row = await confirmLocked(tx, input);
      return { status: 200, body: { data: toExchange(row, input.now()) } };
    },
  );
  return { body: answer.body, replayed: answer.replayed };
}

async function confirmLocked(
  tx: Queryable,
  input: { clientId: string; exchangeId: string; now: () => Date; actor: Omit<AuditEntry, 'action'> },
): Promise<ExchangeRow> {
  const exchange = await findClientExchange(tx, input.clientId, input.exchangeId, { lock: true });
  if (!exchange) throw notFound('Exchange');
  if (exchange.status === 'completed') throw quoteUsed();
  // Read after the lock: a twin that waited must not judge by the time it arrived.
  const now = input.now();
  if (exchange.expires_at.getTime() <= now.getTime()) throw quoteExpired();
  const client = await findClientById(tx, input.clientId);
  if (!client) throw new AppError('session_ended', 'Please log in again');
  assertApproved(client);
  const [from, to] = await Promise.all([
    findClientAccount(tx, input.clientId, exchange.from_account_id),
    findClientAccount(tx, input.clientId, exchange.to_account_id),
  ]);
  if (!from || !to) {
    throw new AppError('account_closed', 'One of these accounts has been closed', {
      detail:
        'One of the accounts of this quote has been closed. Choose open accounts and ask for a new quote.',
    });
  }
  // A freeze stops debits in the ledger; an exchange into a frozen account is refused here too.
  const ledger = await getAccounts(tx, [from.ledger_account_id, to.ledger_account_id]);
  if (ledger.some((account) => account.frozen)) throw accountFrozen();
  const completed = await markCompleted(tx, exchange.id, now);
  await writeAuditEntry(tx, {
    ...input.actor,
    action: 'exchange.confirmed',
    objectType: 'fx_exchange',
    objectId: exchange.id,
    details: {
      sell: Number(exchange.sell_amount_minor),
      buy: Number(exchange.buy_amount_minor),
      fee: Number(exchange.fee_minor),
      pair: `${exchange.sell_currency}/${exchange.buy_currency}`,
    },
  });
  await notifyExchange(tx, client, completed);
  // The money moves last, so the ledger rows are locked only until the commit.
  await bookExchange(tx, exchange, {
    sellLedgerId: from.ledger_account_id,
    buyLedgerId: to.ledger_account_id,
  });
  // A fee owed in the bought currency is taken as soon as the account covers it, as on any credit.
  await collectOwedFees(tx, client.id);
  return completed;
}

async function notifyExchange(tx: Queryable, client: ClientRow, exchange: ExchangeRow): Promise<void> {
  const sold = formatMoney(Number(exchange.sell_amount_minor), exchange.sell_currency);
  const bought = formatMoney(Number(exchange.buy_amount_minor), exchange.buy_currency);
  await notifyClient(tx, {
    clientId: client.id,
    kind: 'exchange_completed',
    title: 'Currency exchanged',
    body: `You exchanged ${sold} for ${bought}.`,
    params: {
      exchange_id: exchange.id,
      sell_amount: Number(exchange.sell_amount_minor),
      sell_currency: exchange.sell_currency,
      buy_amount: Number(exchange.buy_amount_minor),
      buy_currency: exchange.buy_currency,
    },
  });
}
