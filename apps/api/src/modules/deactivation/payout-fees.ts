import { brand } from '@bluepeak/core';
import { convertCost, convertReceived, outgoingPaymentFee } from '@bluepeak/core/fees';
import type { PaymentType } from '@bluepeak/core/payments';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { marketRate } from '../fx-rates';

// The outgoing fee of a pay-out as a plain function of its amount, so the fee-inclusive split
// (feeInclusiveAmount) can search it without a query per step. A pay-out is in the account's
// own currency, so the one rate it needs (account currency to tariff currency) is read once.
// It is quotePayment's fee for a payment without conversion; payout-payments.ts checks the
// final amount against quotePayment itself, so the two cannot drift apart unnoticed.
export async function payoutFeeFunction(
  db: Queryable,
  input: { type: PaymentType; currency: string; highRisk: boolean },
  tariff = brand.tariff,
): Promise<(amount: number) => number> {
  const rate =
    input.currency === tariff.currency ? null : await marketRate(db, input.currency, tariff.currency);
  if (input.currency !== tariff.currency && !rate)
    throw new AppError('currency_unsupported', `We have no exchange rate for ${input.currency}`, {
      detail: `We have no exchange rate for ${input.currency}`,
    });
  return (amount) => {
    const amountInTariffCurrency = rate ? convertReceived(amount, rate) : amount;
    const total = outgoingPaymentFee(tariff, {
      type: input.type,
      amountInTariffCurrency,
      highRisk: input.highRisk,
    }).total;
    return rate && total > 0 ? convertCost(total, rate) : total;
  };
}
