import {
  isHighRiskPayee,
  type PaymentFeePreview,
  type PaymentFeePreviewQuery,
} from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { notFound } from '../../lib/app-error';
import { findClientAccountWithLedger } from '../accounts';
import { getAccount } from '../ledger';
import { checkAmountAndCurrency, quotePayment } from './quote-payment';

// What a payment would cost, before it is created (docs/payments.md, "Pricing"): the same checks
// of the amount and currency and the same quotePayment that createPayment runs, so the form
// shows the fee and total that creating would charge. The payee is not needed whole: only its
// country and its bank's, which decide the high-risk surcharge (core's payeeCountries). Nothing
// is written and no code is sent.
export async function previewPayment(
  db: Queryable,
  clientId: string,
  query: PaymentFeePreviewQuery,
): Promise<PaymentFeePreview> {
  const found = await findClientAccountWithLedger(db, clientId, query.account_id);
  if (!found) throw notFound('Account');
  const accountCurrency = found.row.currency;
  checkAmountAndCurrency({ ...query, accountCurrency });
  const quote = await quotePayment(db, {
    type: query.type,
    amount: query.amount,
    currency: query.currency,
    accountCurrency,
    highRisk: isHighRiskPayee({
      payee_country: query.payee_country ?? null,
      bank_country: query.bank_country ?? null,
    }),
  });
  const ledger = found.ledger ?? (await getAccount(db, found.row.ledger_account_id));
  const available = ledger?.availableMinor ?? 0;
  const total = quote.debitAmount + quote.fee;
  return {
    amount: query.amount,
    currency: query.currency,
    fee: quote.fee,
    debit_amount: quote.debitAmount,
    debit_currency: accountCurrency,
    total,
    rate: quote.rate,
    market_rate: quote.marketRate,
    available_balance: available,
    // The rule createPayment refuses by (insufficient_funds): amount and fee within what is available.
    sufficient_funds: available >= total,
  };
}
