import { type PaymentType, payeeCountries } from '@bluepeak/core/payments';
import { type PaymentFormValues, parsePaymentAmount } from './payment-form';

// What the payment form asks GET /client/payments/fee_preview while the client types
// (docs/requirements/payments.md, "Price"): the account, the amount as it will be sent, the
// currency, and the payee's country and its bank's, read by core's payeeCountries, the rule the
// API prices by. Nothing is asked until the amount reads as one.

/** The preview's path for the form as it stands, or '' while there is nothing to price. */
export function feePreviewPath(
  type: PaymentType,
  values: Pick<PaymentFormValues, 'account_id' | 'amount' | 'currency' | 'payee'>,
  payee: Readonly<Record<string, string | undefined>>,
): string {
  if (!values.account_id || !values.currency) return '';
  const amount = parsePaymentAmount(values.amount, values.currency, type);
  if (!amount.ok) return '';
  const params = new URLSearchParams({
    type,
    account_id: values.account_id,
    amount: String(amount.amount),
    currency: values.currency,
  });
  const countries = payeeCountries(type, payee);
  if (countries.payee_country) params.set('payee_country', countries.payee_country);
  if (countries.bank_country) params.set('bank_country', countries.bank_country);
  return `/client/payments/fee_preview?${params.toString()}`;
}
