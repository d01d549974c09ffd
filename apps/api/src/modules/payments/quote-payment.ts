import { brand, formatMoney } from '@bluepeak/core';
import {
  convertCostUnbounded,
  convertReceivedUnbounded,
  isWithinMaximum,
  maxAmountMinor,
  outgoingPaymentFee,
} from '@bluepeak/core/fees';
import { type ExchangeRate, formatExchangeRate } from '@bluepeak/core/fx-rates';
import { FASTER_PAYMENTS_LIMIT_MINOR, type PaymentType } from '@bluepeak/core/payments';
import { isCurrencyCode } from '@bluepeak/core/reference';
import type { Queryable } from '../../db/database';
import { AppError } from '../../lib/app-error';
import type { ErrorCode } from '../../lib/error-statuses';
import { clientRateFor, marketRate } from '../fx-rates';

// What a payment costs, from the tariff functions of packages/core (docs/requirements/tariff.md): the fee
// (SEPA fixed; SWIFT 0.2%, minimum 75 EUR; high-risk surcharge 0.8%) computed in the tariff's
// currency on the amount at the market rate, then charged in the account's currency; and, when
// the payment's currency differs from the account's, the debit at the client rate (market +
// markup), rounded so that it never favours the client (convertCost rounds up). Every amount,
// the one typed and each converted one, stays within its currency's maximum (docs/decisions/0045).

export type PaymentQuote = {
  debitAmount: number;
  fee: number;
  rate: string | null;
  marketRate: string | null;
};

const RATE_DECIMALS = 8;
const unprocessable = (code: ErrorCode, message: string) => new AppError(code, message, { detail: message });

/**
 * An amount past its currency's maximum (docs/decisions/0045), before or after a conversion: a
 * refusal of the amount field, however the conversion came to it.
 */
function overMaximum(currency: string): AppError {
  const message = `A payment carries at most ${formatMoney(maxAmountMinor(currency), currency)} (the equivalent of ${formatMoney(maxAmountMinor('EUR'), 'EUR')})`;
  const errors = [{ field: 'amount', code: 'amount_exceeds_safe_range', message }];
  return new AppError('amount_exceeds_safe_range', 'The amount is too large', { detail: message, errors });
}

function bounded(amount: bigint, currency: string): number {
  if (!isWithinMaximum(amount, currency)) throw overMaximum(currency);
  return Number(amount);
}

/** The amount's range and the currency's form and rail rules (docs/reliability.md, bad input 6 and 7). */
export function checkAmountAndCurrency(input: {
  type: PaymentType;
  amount: number;
  currency: string;
  accountCurrency: string;
}) {
  const { type, amount, currency, accountCurrency } = input;
  if (amount <= 0) throw unprocessable('amount_must_be_positive', 'The amount must be more than zero');
  if (!Number.isSafeInteger(amount))
    throw unprocessable('amount_exceeds_safe_range', 'The amount is too large');
  if (!/^[A-Z]{3}$/.test(currency) || !isCurrencyCode(currency))
    throw unprocessable('currency_invalid', 'Not an ISO 4217 currency code');
  if (!isWithinMaximum(amount, currency)) throw overMaximum(currency);
  if (type === 'sepa' && currency !== 'EUR')
    throw unprocessable('currency_not_allowed', 'SEPA payments are made in EUR');
  if (type === 'faster_pay' && currency !== 'GBP')
    throw unprocessable('currency_not_allowed', 'Faster Payments are made in GBP');
  if ((type === 'sepa' || type === 'faster_pay') && accountCurrency !== currency)
    throw unprocessable('account_currency_mismatch', `Pay this from your ${currency} account`);
  if (type === 'faster_pay' && amount > FASTER_PAYMENTS_LIMIT_MINOR)
    throw unprocessable('amount_over_scheme_limit', 'Faster Payments carry at most 1,000,000.00 GBP');
}

async function requiredRate(db: Queryable, from: string, to: string): Promise<ExchangeRate> {
  const rate = await marketRate(db, from, to);
  if (!rate)
    throw unprocessable('currency_unsupported', `We have no exchange rate for ${from === 'EUR' ? to : from}`);
  return rate;
}

export async function quotePayment(
  db: Queryable,
  input: { type: PaymentType; amount: number; currency: string; accountCurrency: string; highRisk: boolean },
): Promise<PaymentQuote> {
  const { tariff } = brand;
  const converting = input.currency !== input.accountCurrency;
  let debitAmount = input.amount;
  let rate: string | null = null;
  let market: string | null = null;
  if (converting) {
    const accountToPayment = await requiredRate(db, input.accountCurrency, input.currency);
    const client = clientRateFor(accountToPayment, tariff.fx_markup_ppm);
    debitAmount = bounded(convertCostUnbounded(input.amount, client), input.accountCurrency);
    rate = formatExchangeRate(client, RATE_DECIMALS);
    market = formatExchangeRate(accountToPayment, RATE_DECIMALS);
  }
  const amountInTariffCurrency =
    input.currency === tariff.currency
      ? input.amount
      : bounded(
          convertReceivedUnbounded(input.amount, await requiredRate(db, input.currency, tariff.currency)),
          tariff.currency,
        );
  const feeQuote = outgoingPaymentFee(tariff, {
    type: input.type,
    amountInTariffCurrency,
    highRisk: input.highRisk,
  });
  const fee =
    input.accountCurrency === tariff.currency || feeQuote.total === 0
      ? feeQuote.total
      : bounded(
          convertCostUnbounded(
            feeQuote.total,
            await requiredRate(db, input.accountCurrency, tariff.currency),
          ),
          input.accountCurrency,
        );
  return { debitAmount, fee, rate, marketRate: market };
}
