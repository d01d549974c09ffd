// One name for each kind of account line (docs/requirements/statements.md, "Lines"). The ledger
// writes a code on every transfer; the client reads the line's label on Home, the account page,
// the statements page and in every statement file. The statement files print these English
// labels; the web app translates the same codes (its locale keys are tested against this list),
// so every code has exactly one label and none is ever shown as it is written.

/** Every code the ledger writes, with its English label. */
export const LINE_LABELS = {
  incoming_payment: 'Incoming payment',
  incoming_fee: 'Incoming payment fee',
  incoming_settlement: 'Incoming payment settlement',
  outgoing_settlement: 'Outgoing payment settlement',
  sepa_payment: 'SEPA payment',
  faster_pay_payment: 'Faster Payments payment',
  swift_payment: 'International payment',
  internal_payment: 'Internal payment',
  payment_fee: 'Payment fee',
  payment_void: 'Payment hold released',
  pending_expired: 'Hold expired',
  fx_leg: 'Internal payment (currency exchange)',
  fx_exchange: 'Currency exchange',
  fx_markup: 'Exchange markup',
  escrow_funding: 'Escrow funding',
  escrow_fee: 'Escrow fee',
  escrow_release: 'Escrow release',
  escrow_refund: 'Escrow refund',
  manual_adjustment: 'Adjustment',
  account_opening_fee: 'Account opening fee',
  account_closing_fee: 'Account closing fee',
  monthly_fee: 'Monthly account fee',
  holding_fee: 'Holding fee',
  reference_letter_fee: 'Reference letter fee',
} as const;

export type LineCode = keyof typeof LINE_LABELS;
export const LINE_CODES = Object.keys(LINE_LABELS) as LineCode[];

/** What a line whose code this list does not know is called: never the code itself. */
export const OTHER_LINE_LABEL = 'Transaction';

/** The lines that are what the institution charges: set apart in the files, paid to the institution. */
const FEE_CODES: ReadonlySet<LineCode> = new Set([
  'incoming_fee',
  'payment_fee',
  'fx_markup',
  'escrow_fee',
  'account_opening_fee',
  'account_closing_fee',
  'monthly_fee',
  'holding_fee',
  'reference_letter_fee',
]);

export function isLineCode(code: string): code is LineCode {
  return Object.hasOwn(LINE_LABELS, code);
}

/**
 * The code a line is labelled by. A payment's fee posted before fees kept their own code carries
 * the payment's code; its transfer id (`payment:<id>:fee:post`) still says what it is.
 */
export function lineCodeOf(line: { id: string; code: string }): string {
  return /:fee(:post)?$/.test(line.id) ? 'payment_fee' : line.code;
}

/** The English label of a line's code, as the statement files print it. */
export function lineLabel(code: string): string {
  return isLineCode(code) ? LINE_LABELS[code] : OTHER_LINE_LABEL;
}

export function isFeeLine(code: string): boolean {
  return isLineCode(code) && FEE_CODES.has(code);
}
