import { formatMinorUnits } from '@bluepeak/core/money';
import {
  type CreatePayment,
  FASTER_PAYMENTS_LIMIT_MINOR,
  type Payment,
  type PaymentType,
  payeeSchemas,
  paymentTypes,
} from '@bluepeak/core/payments';
import { currencyExponent } from '@bluepeak/core/reference';
import { type AmountError, parseAmount } from '../../lib/amount-input';

// Pure helpers of the payment and recipient forms (docs/requirements/payments.md,
// "Types and their fields"):
// which fields each type has, the form's strings to the API's body and back. Money is parsed
// with core's parseMoneyInput into integer minor units, never through a float.

export type PayeeFieldKind = 'text' | 'iban' | 'bic' | 'country' | 'sort_code' | 'digits';
export type PayeeField = { name: string; required: boolean; kind: PayeeFieldKind };

const field = (name: string, required: boolean, kind: PayeeFieldKind = 'text'): PayeeField => ({
  name,
  required,
  kind,
});

export const payeeFields: Record<PaymentType, readonly PayeeField[]> = {
  sepa: [
    field('name', true),
    field('iban', true, 'iban'),
    field('bic', false, 'bic'),
    field('address', false),
    field('bank_address', false),
    field('reg_number', false),
  ],
  faster_pay: [
    field('name', true),
    field('sort_code', true, 'sort_code'),
    field('account_number', true, 'digits'),
  ],
  internal: [field('name', true), field('account_number', true), field('reg_number', false)],
  international: [
    field('name', true),
    field('reg_number', false),
    field('address', true),
    field('country', true, 'country'),
    field('account_number', true),
    field('bank_name', true),
    field('swift', true, 'bic'),
    field('bank_address', false),
    field('correspondent_bank', false, 'bic'),
  ],
};

export type PayeeValues = Record<string, string>;

export function isPaymentType(value: string | null | undefined): value is PaymentType {
  return (paymentTypes as readonly string[]).includes(value ?? '');
}

export function emptyPayee(type: PaymentType): PayeeValues {
  return Object.fromEntries(payeeFields[type].map((item) => [item.name, '']));
}

/** The details object of a type from the form's strings: blank optional fields are left out. */
export function payeeDetails(type: PaymentType, values: PayeeValues): Record<string, string> {
  const details: Record<string, string> = {};
  for (const item of payeeFields[type]) {
    const value = (values[item.name] ?? '').trim();
    if (value !== '' || item.required) details[item.name] = value;
  }
  return details;
}

export type FieldErrorMap = Record<string, string>;

function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[], prefix = '') {
  const errors: FieldErrorMap = {};
  for (const issue of issues) {
    const key = prefix + (issue.path.map(String).join('.') || '_form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Checks a payee with the shared schema of its type; the parsed details or the field errors. */
export function checkPayee(
  type: PaymentType,
  values: PayeeValues,
): { ok: true; details: Record<string, string> } | { ok: false; errors: FieldErrorMap } {
  const result = payeeSchemas[type].safeParse(payeeDetails(type, values));
  if (result.success) return { ok: true, details: result.data as Record<string, string> };
  return { ok: false, errors: issuesToErrors(result.error.issues) };
}

/** The currencies a type may be paid in (SEPA EUR, Faster Payments GBP, others any). */
export function currencyChoices(
  type: PaymentType,
  accountCurrencies: readonly string[],
  all: readonly string[],
) {
  if (type === 'sepa') return ['EUR'];
  if (type === 'faster_pay') return ['GBP'];
  if (type === 'internal') return [...new Set(accountCurrencies)];
  return [...new Set([...accountCurrencies, ...all])];
}

/** The source accounts a type may pay from: SEPA from EUR, Faster Payments from GBP accounts. */
export function accountAllowed(type: PaymentType, accountCurrency: string): boolean {
  if (type === 'sepa') return accountCurrency === 'EUR';
  if (type === 'faster_pay') return accountCurrency === 'GBP';
  return true;
}

export type PaymentFormValues = {
  account_id: string;
  amount: string;
  currency: string;
  description: string;
  /** A saved recipient's id, or '' for a payee typed in. */
  recipient_id: string;
  payee: PayeeValues;
  save_recipient: boolean;
};

/** The typed amount of a payment: lib/amount-input.ts, with the Faster Payments limit. */
export function parsePaymentAmount(
  text: string,
  currency: string,
  type?: PaymentType,
): { ok: true; amount: number } | { ok: false; error: AmountError | 'over_limit' } {
  const parsed = parseAmount(text, currency);
  if (parsed.ok && type === 'faster_pay' && parsed.amount > FASTER_PAYMENTS_LIMIT_MINOR)
    return { ok: false, error: 'over_limit' };
  return parsed;
}

/** The form as the body of POST /client/payments, or the errors keyed by field. */
export function toPaymentBody(
  type: PaymentType,
  values: PaymentFormValues,
): { ok: true; body: CreatePayment } | { ok: false; errors: FieldErrorMap } {
  const errors: FieldErrorMap = {};
  if (!values.account_id) errors.account_id = 'required';
  if (!values.currency) errors.currency = 'required';
  const amount = parsePaymentAmount(values.amount, values.currency, type);
  if (!amount.ok) errors.amount = `amount.${amount.error}`;
  const description = values.description.trim();
  let payee: { recipient_id: string } | { recipient: Record<string, string> } | undefined;
  if (values.recipient_id) payee = { recipient_id: values.recipient_id };
  else {
    const checked = checkPayee(type, values.payee);
    if (checked.ok) payee = { recipient: checked.details };
    else for (const [key, message] of Object.entries(checked.errors)) errors[`payee.${key}`] = message;
  }
  if (Object.keys(errors).length > 0 || !amount.ok || !payee) return { ok: false, errors };
  const body = {
    type,
    account_id: values.account_id,
    amount: amount.amount,
    currency: values.currency,
    ...payee,
    ...(description ? { description } : {}),
    ...(!values.recipient_id && values.save_recipient ? { save_recipient: true } : {}),
  } as CreatePayment;
  return { ok: true, body };
}

/** A payment's data as a new form: what /dashboard/payments/{id}/copy starts from. */
export function formFromPayment(
  payment: Pick<
    Payment,
    'type' | 'account_id' | 'amount' | 'currency' | 'description' | 'recipient_id' | 'payee'
  >,
): PaymentFormValues {
  const exponent = currencyExponent(payment.currency);
  const payee = emptyPayee(payment.type);
  for (const key of Object.keys(payee)) payee[key] = payment.payee[key] ?? '';
  return {
    account_id: payment.account_id,
    amount: minorToInput(payment.amount, exponent),
    currency: payment.currency,
    description: payment.description,
    recipient_id: payment.recipient_id ?? '',
    payee,
    save_recipient: false,
  };
}

/** Minor units as the text a person would type ("1234.50"), by string arithmetic only. */
export function minorToInput(amount: number, exponent: number): string {
  return formatMinorUnits(amount, exponent, { grouping: false });
}
