import { formatAmount, formatMoney } from '../../../components/money';
import { formatDateTime } from '../../../lib/format-date';

// An audit entry's details as an operator reads them (docs/requirements/back-office.md, "The audit
// log"): one labelled line per detail, never the stored JSON. Amounts in minor units are money in
// the entry's currency, codes are words, ids are what the entry's labels say they are (an account
// by its name and IBAN, a person by e-mail), and what nests is written out in words too.

/** The back office's `t`, as far as this needs it. */
export type Words = (key: string, options: { defaultValue: string }) => string;

export type AuditLine = { key: string; label: string; value: string };

const CURRENCY = /^[A-Z]{3}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
// A code the system wrote (`faster_pay`, `ON_APPROVAL`), as opposed to words a person typed.
const CODE = /^(?:[a-z][a-zA-Z0-9]*(?:_[a-z0-9]+)*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)$/;
// The details whose text values are codes of a list (a rail, a status, a direction...).
const CODED_KEYS = new Set([
  'channel',
  'declared_by',
  'direction',
  'document_type',
  'factor',
  'flags',
  'format',
  'from',
  'kind',
  'payout',
  'permission',
  'rail',
  'region',
  'relationship',
  'roles',
  'scope',
  'section',
  'sections',
  'source',
  'status',
  'to',
  'type',
  'via',
  'was',
]);

/** `bank_reference`, `manageOperators` -> `Bank reference`, `Manage operators`: the words of a code no locale names yet. */
export function humanize(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replaceAll('_', ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type Context = { words: Words; labels: Record<string, string>; currencyOf: (key: string) => string | null };

/** The lines of an entry's details, in the order they were written; a currency an amount took is not repeated. */
export function auditDetailLines(
  details: Record<string, unknown>,
  labels: Record<string, string>,
  words: Words,
): AuditLine[] {
  const currencyOf = moneyCurrencies(details);
  const context: Context = { words, labels, currencyOf };
  const usedCurrency = Object.keys(details).some((key) => currencyOf(key) === details.currency);
  return Object.entries(details)
    .filter(([key]) => !(key === 'currency' && usedCurrency))
    .map(([key, value]) => ({ key, label: fieldLabel(key, words), value: valueText(key, value, context) }));
}

function fieldLabel(key: string, words: Words): string {
  return words(`audit.fields.${key}`, { defaultValue: humanize(key.replace(/_minor$/, '')) });
}

/**
 * Which currency each amount is in: an amount in minor units (`*_minor`) is in the entry's
 * currency, or in euros when its name says so; an exchange's sell amount and fee are in the first
 * currency of its pair and its buy amount in the second (docs/requirements/exchange.md).
 */
function moneyCurrencies(details: Record<string, unknown>): (key: string) => string | null {
  const currency =
    typeof details.currency === 'string' && CURRENCY.test(details.currency) ? details.currency : null;
  const pair = typeof details.pair === 'string' ? /^([A-Z]{3})\/([A-Z]{3})$/.exec(details.pair) : null;
  return (key) => {
    if (pair && (key === 'sell' || key === 'fee')) return pair[1] ?? null;
    if (pair && key === 'buy') return pair[2] ?? null;
    if (key.endsWith('_eur_minor')) return 'EUR';
    return key.endsWith('_minor') ? currency : null;
  };
}

const isMoney = (key: string, context: Context) => key.endsWith('_minor') || context.currencyOf(key) !== null;

function valueText(key: string, value: unknown, context: Context): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean')
    return context.words(`audit.${value ? 'yes' : 'no'}`, { defaultValue: String(value) });
  if (typeof value === 'number')
    return isMoney(key, context) ? money(value, context.currencyOf(key)) : String(value);
  if (typeof value === 'string') return textOf(key, value, context);
  if (Array.isArray(value))
    return value.length === 0 ? '–' : value.map((item) => valueText(key, item, context)).join(', ');
  if (typeof value === 'object') return objectText(value as Record<string, unknown>, context);
  return String(value);
}

function money(amount: number, currency: string | null): string {
  return currency ? formatMoney(amount, currency) : formatAmount(amount, 'EUR');
}

function textOf(key: string, value: string, context: Context): string {
  const label = context.labels[value];
  if (label) return label;
  if (CODED_KEYS.has(key) && CODE.test(value)) return codeWords(value, context.words);
  if (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatDateTime(value);
  return value;
}

/** A code in words: the audit log's own words for it, else the words of its letters. */
export function codeWords(code: string, words: Words): string {
  return words(`audit.values.${code}`, { defaultValue: humanize(code) });
}

/**
 * A nested detail in words: a money line (`amount` or `*_minor` with its `currency`, a `kind`
 * said as words first), or each part labelled; a key naming a day and a currency
 * (`2026-01-05|EUR`) is an amount on that day.
 */
function objectText(value: Record<string, unknown>, context: Context): string {
  const currency =
    typeof value.currency === 'string' && CURRENCY.test(value.currency) ? value.currency : null;
  const amountKey = Object.keys(value).find((part) => part === 'amount' || part.endsWith('_minor'));
  const amount = amountKey ? value[amountKey] : undefined;
  if (currency && typeof amount === 'number') {
    const kind = typeof value.kind === 'string' ? `${codeWords(value.kind, context.words)}: ` : '';
    return `${kind}${money(amount, currency)}`;
  }
  return Object.entries(value)
    .map(([part, inner]) => {
      const [day, code] = part.split('|');
      if (code && CURRENCY.test(code) && typeof inner === 'number') return `${day}: ${money(inner, code)}`;
      return `${fieldLabel(part, context.words)}: ${valueText(part, inner, { ...context, currencyOf: () => null })}`;
    })
    .join('; ');
}
