import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { systemAccountId, type TransferInput, transferOrRefuse } from '../ledger';
import type { ExchangeRow } from './exchange-rows';

// An exchange on the ledger (docs/requirements/exchange.md, docs/ledger.md): one call of linked
// transfers, all or nothing. The sell currency: the client's sell account pays the converted
// part to our FX position and the markup to fee income (code `fx_markup`, which the back
// office reads as FX income). The buy currency: our FX position pays the client's buy account.
// Each transfer is in one currency, so each currency balances by itself.

export function exchangeTransfers(
  exchange: ExchangeRow,
  accounts: { sellLedgerId: string; buyLedgerId: string },
): TransferInput[] {
  const reference = { referenceType: 'exchange', referenceId: exchange.id };
  const sell = Number(exchange.sell_amount_minor);
  const fee = Number(exchange.fee_minor);
  const transfers: TransferInput[] = [
    {
      kind: 'posted',
      id: `exchange:${exchange.id}:sell`,
      debitAccountId: accounts.sellLedgerId,
      creditAccountId: systemAccountId(exchange.sell_currency, 'fx_position'),
      amountMinor: sell - fee,
      currency: exchange.sell_currency,
      code: 'fx_exchange',
      linked: true,
      ...reference,
    },
  ];
  if (fee > 0) {
    transfers.push({
      kind: 'posted',
      id: `exchange:${exchange.id}:markup`,
      debitAccountId: accounts.sellLedgerId,
      creditAccountId: systemAccountId(exchange.sell_currency, 'fee_income'),
      amountMinor: fee,
      currency: exchange.sell_currency,
      code: 'fx_markup',
      linked: true,
      ...reference,
    });
  }
  transfers.push({
    kind: 'posted',
    id: `exchange:${exchange.id}:buy`,
    debitAccountId: systemAccountId(exchange.buy_currency, 'fx_position'),
    creditAccountId: accounts.buyLedgerId,
    amountMinor: Number(exchange.buy_amount_minor),
    currency: exchange.buy_currency,
    code: 'fx_exchange',
    ...reference,
  });
  return transfers;
}

const FROZEN = 'One of these accounts is frozen; exchanges with it are not possible';
export const accountFrozen = () => new AppError('account_frozen', FROZEN);

/** Books the exchange; not enough money or a frozen account is refused and books nothing. */
export async function bookExchange(
  tx: Queryable,
  exchange: ExchangeRow,
  accounts: { sellLedgerId: string; buyLedgerId: string },
): Promise<void> {
  await transferOrRefuse(
    tx,
    exchangeTransfers(exchange, accounts),
    {
      exceedsCredits: {
        message: 'Not enough money in the account for this exchange',
        detail: 'Not enough money in the account to sell this amount. Top up or quote a smaller amount.',
      },
      accountFrozen: { message: FROZEN },
    },
    `ledger refused exchange ${exchange.id}`,
  );
}
