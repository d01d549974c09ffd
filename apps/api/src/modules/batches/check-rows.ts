import { currencyByCode, parseMoneyInput } from '@bluepeak/core';
import { checkIban } from '@bluepeak/core/accounts';
import {
  type BatchColumn,
  bicSchema,
  fasterPayPayeeSchema,
  type PaymentType,
  paymentTextField,
} from '@bluepeak/core/payments';
import { countryByCode } from '@bluepeak/core/reference';
import type { ZodType } from 'zod';

// One row's checks (docs/requirements/batch-payments.md "Checks"), with the shared rules of
// packages/core: Latin-only text, IBAN country, length and checksum, BIC, sort code, the
// currency and its minor units. Every problem names its column; the row is priced later.
export type RowError = { field: string; message: string };
export type RowFields = Partial<Record<BatchColumn, string>>;
export type CheckedRow = {
  row: number;
  fields: RowFields;
  type: Exclude<PaymentType, 'internal'> | null;
  payee: Record<string, string> | null;
  amount: number | null;
  currency: string | null;
  description: string;
  highRisk: boolean;
  errors: RowError[];
};

const nameRule = paymentTextField(70);
const descriptionRule = paymentTextField(140, 0);
const bankNameRule = paymentTextField(70);
const addressRule = paymentTextField(140);

function checkField<T>(errors: RowError[], field: string, rule: ZodType<T>, value: string | undefined) {
  const result = rule.safeParse(value ?? '');
  if (result.success) return result.data;
  errors.push({ field, message: result.error.issues[0]?.message ?? 'Not valid' });
  return undefined;
}

function amountOf(errors: RowError[], fields: RowFields, minor: number | undefined, exponent: number) {
  if (minor !== undefined) {
    if (!Number.isSafeInteger(minor) || minor <= 0) {
      errors.push({ field: 'amount', message: 'The amount must be more than zero' });
      return null;
    }
    return minor;
  }
  const text = (fields.amount ?? '').replace(/^\+/, '');
  if (text === '') {
    errors.push({ field: 'amount', message: 'The amount is missing' });
    return null;
  }
  // A sheet's "-50.00" is a debit in its own terms; a payment is always money going out.
  if (/^[-\u2212]/.test(text.trim())) {
    errors.push({
      field: 'amount',
      message: 'Negative amounts are not allowed: write the amount without a minus',
    });
    return null;
  }
  const parsed = parseMoneyInput(text, exponent);
  if (!parsed.ok) {
    const message =
      parsed.code === 'too_many_decimals'
        ? `This currency has ${exponent} decimal places`
        : parsed.code === 'out_of_range'
          ? 'The amount is too large'
          : 'Write the amount as a number like 12.50';
    errors.push({ field: 'amount', message });
    return null;
  }
  if (parsed.amount <= 0) errors.push({ field: 'amount', message: 'The amount must be more than zero' });
  return parsed.amount > 0 ? parsed.amount : null;
}

function ibanPayee(errors: RowError[], fields: RowFields, name: string, currency: string) {
  const checked = checkIban(fields.iban ?? '');
  if (!checked.valid) {
    errors.push({ field: 'iban', message: checked.message });
    return { type: null, payee: null, highRisk: false };
  }
  const country = countryByCode(checked.country);
  const highRisk = country?.is_high_risk === true;
  const bic = fields.bic ? checkField(errors, 'bic', bicSchema, fields.bic) : undefined;
  if (currency === 'EUR' && country?.is_sepa) {
    const payee = { name, iban: checked.iban, ...(bic ? { bic } : {}) };
    return { type: 'sepa' as const, payee, highRisk };
  }
  // Anything else leaves through SWIFT, which needs the bank and the payee's address.
  if (!fields.bic) errors.push({ field: 'bic', message: 'A SWIFT payment needs the bank’s BIC' });
  const bankName = checkField(errors, 'bank_name', bankNameRule, fields.bank_name);
  const address = checkField(errors, 'address', addressRule, fields.address);
  if (!bic || !bankName || !address) return { type: 'international' as const, payee: null, highRisk };
  const payee = {
    name,
    account_number: checked.iban,
    country: checked.country,
    swift: bic,
    bank_name: bankName,
    address,
  };
  return { type: 'international' as const, payee, highRisk };
}

function ukPayee(errors: RowError[], fields: RowFields, name: string, currency: string) {
  if (currency !== 'GBP') errors.push({ field: 'currency', message: 'Faster Payments are made in GBP' });
  const result = fasterPayPayeeSchema.safeParse({
    name,
    sort_code: fields.sort_code ?? '',
    account_number: fields.account_number ?? '',
  });
  if (!result.success) {
    for (const issue of result.error.issues)
      errors.push({ field: String(issue.path[0] ?? 'account_number'), message: issue.message });
    return { type: 'faster_pay' as const, payee: null, highRisk: false };
  }
  return { type: 'faster_pay' as const, payee: result.data as Record<string, string>, highRisk: false };
}

/** Checks one row's form; `minorAmount` is set for typed (JSON) rows, whose amount is minor units. */
export function checkRow(row: number, fields: RowFields, minorAmount?: number): CheckedRow {
  const errors: RowError[] = [];
  const name = checkField(errors, 'name', nameRule, fields.name) ?? '';
  const description = checkField(errors, 'description', descriptionRule, fields.description) ?? '';
  const currency = (fields.currency ?? '').toUpperCase();
  const known = currencyByCode(currency);
  if (!known) errors.push({ field: 'currency', message: 'Not a currency we know (use a code like EUR)' });
  // An unknown currency is already an error; its amount is still read, as if with two decimals,
  // so that the row lists every problem at once.
  const amount = amountOf(errors, fields, minorAmount, known ? known.exponent : 2);
  let route: { type: CheckedRow['type']; payee: Record<string, string> | null; highRisk: boolean };
  if (fields.iban) route = ibanPayee(errors, fields, name, currency);
  else if (fields.sort_code || fields.account_number) route = ukPayee(errors, fields, name, currency);
  else {
    errors.push({ field: 'iban', message: 'Give an IBAN, or a UK sort code and account number' });
    route = { type: null, payee: null, highRisk: false };
  }
  return {
    row,
    fields,
    type: route.type,
    payee: errors.length === 0 ? route.payee : null,
    amount,
    currency: known ? currency : null,
    description,
    highRisk: route.highRisk,
    errors,
  };
}

/**
 * The same payee, amount, currency and description twice in one file is most often a
 * copy-paste slip: the later row is refused. A row the client already paid in the last 30 days
 * is only a warning, read live (batch-review-rows.ts), since paying someone the same again is
 * often meant.
 */
export function markDuplicates(rows: CheckedRow[]): void {
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (row.errors.length > 0 || !row.payee) continue;
    const account = row.payee.iban ?? row.payee.account_number ?? '';
    const key = `${row.payee.sort_code ?? ''}|${account}|${row.amount}|${row.currency}|${row.description}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, row.row);
    else row.errors.push({ field: 'iban', message: `The same payment as row ${first}` });
  }
}
