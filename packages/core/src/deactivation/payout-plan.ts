import { formatMoney } from '../money/format-money';
import { FASTER_PAYMENTS_LIMIT_MINOR } from '../payments/payment-schemas';
import type { PaymentType } from '../payments/recipient-schemas';

// Paying out what remains in a closing client's accounts (docs/requirements/deactivation.md): one
// outgoing payment per account with money left, in the account's own currency (no conversion on
// closing), to the recipient the client chose. The payment is fee-inclusive: amount + fee is the
// whole balance, so the account ends at exactly zero. Pure, so the back office shows the same plan
// the API runs.

export type PayoutProblem =
  /** The client chose "balance is zero" (or no recipient) but money is there. */
  | 'no_recipient'
  /** The recipient's payment type cannot carry the account's currency (SEPA EUR, FPS GBP). */
  | 'currency_not_accepted'
  /** The payment's fee would take the whole balance: nothing would arrive. */
  | 'fee_exceeds_balance'
  /** More than the scheme carries in one payment (Faster Payments). */
  | 'over_scheme_limit';

export type PayoutLine = { accountId: string; currency: string; total: number } & (
  | { payable: true; amount: number; fee: number }
  | { payable: false; problem: PayoutProblem }
);

export type PayoutRecipient = {
  type: PaymentType;
  /** For an internal payee: the currencies its accounts hold (an internal payment lands in one). */
  payeeCurrencies?: readonly string[];
};

/** Whether a payment of `type` to this recipient can be made in `currency`. */
export function payoutCurrencyAllowed(recipient: PayoutRecipient, currency: string): boolean {
  switch (recipient.type) {
    case 'sepa':
      return currency === 'EUR';
    case 'faster_pay':
      return currency === 'GBP';
    case 'international':
      return true;
    case 'internal':
      return (recipient.payeeCurrencies ?? []).includes(currency);
  }
}

/**
 * The largest amount that, with its fee, fits in `total`; null when even one minor unit does
 * not. The fee grows with the amount (fixed, or a percentage with a minimum), so a + fee(a) is
 * increasing and a binary search finds it. Rounding can leave a + fee(a) one unit short of the
 * total; that unit goes to the fee, so the fee charged is at most the tariff's fee for one unit
 * more: the balance must end at zero, and the client is never charged beyond that.
 */
export function feeInclusiveAmount(
  total: number,
  feeOf: (amount: number) => number,
): { amount: number; fee: number } | null {
  if (!Number.isSafeInteger(total) || total <= 0) return null;
  const fits = (amount: number) => amount + feeOf(amount) <= total;
  if (!fits(1)) return null;
  let low = 1;
  let high = total;
  while (low < high) {
    const middle = low + Math.ceil((high - low) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return { amount: low, fee: total - low };
}

/**
 * One line per account with money: what is paid out and its fee, or why it cannot be. `feeOf`
 * is the tariff's outgoing fee in the account's currency for an amount in that currency; it is
 * only asked for currencies the recipient accepts.
 */
export function planPayouts(
  remaining: readonly { accountId: string; currency: string; amount: number }[],
  recipient: PayoutRecipient | null,
  feeOf: (currency: string, amount: number) => number,
): PayoutLine[] {
  return remaining
    .filter((line) => line.amount > 0)
    .map((line): PayoutLine => {
      const base = { accountId: line.accountId, currency: line.currency, total: line.amount };
      if (!recipient) return { ...base, payable: false, problem: 'no_recipient' };
      if (!payoutCurrencyAllowed(recipient, line.currency))
        return { ...base, payable: false, problem: 'currency_not_accepted' };
      const split = feeInclusiveAmount(line.amount, (amount) => feeOf(line.currency, amount));
      if (!split) return { ...base, payable: false, problem: 'fee_exceeds_balance' };
      if (recipient.type === 'faster_pay' && split.amount > FASTER_PAYMENTS_LIMIT_MINOR)
        return { ...base, payable: false, problem: 'over_scheme_limit' };
      return { ...base, payable: true, ...split };
    });
}

const PROBLEM_WORDS: Record<PayoutProblem, string> = {
  no_recipient: 'no recipient was chosen for the pay-out',
  currency_not_accepted: "the chosen recipient's payment type cannot receive this currency",
  fee_exceeds_balance: 'the payment fee would take the whole balance',
  over_scheme_limit: 'the amount is over the payment scheme limit',
};

/** "2.50 GBP: the chosen recipient's …" for each line that cannot be paid out (the 409's detail). */
export function describeUnpayable(lines: readonly PayoutLine[]): string[] {
  return lines.flatMap((line) => {
    if (line.payable) return [];
    return [`${formatMoney(line.total, line.currency)}: ${PROBLEM_WORDS[line.problem]}`];
  });
}
